import Foundation

/// The text of a Markdown file another program wrote, in whichever encoding it was saved.
///
/// Exists because a vault gathered over years holds files that old Windows editors saved as
/// Windows-1252, or as UTF-16 with a byte-order mark: refusing a whole import for one of them
/// helps no one, and both encodings give every byte a character, so nothing is lost. UTF-8 is
/// read as it is; a file with UTF-16's byte-order mark is read as UTF-16; in anything else, the
/// bytes that are no UTF-8 are read as Windows-1252 (as the WHATWG Encoding Standard maps it:
/// bytes it leaves undefined are the C1 controls of the same value), with a line in the report
/// saying so. A file that is no text
/// at all is told apart, to be passed over.
enum MarkdownFileText {
    /// The text, and what the report should say about how it was read (nil for UTF-8); `nil`
    /// for a file that is no text in any of them: one holding a NUL byte (a picture or a PDF
    /// named `.md`), which no text editor writes.
    /// A NUL is valid UTF-8, so it is looked for in UTF-8 too: a file a crash left full of
    /// zeros, or UTF-16 saved without its byte-order mark, is no note either.
    static func decoded(_ bytes: ArraySlice<UInt8>) -> (text: String, notice: String?)? {
        if let text = utf16(bytes) { return (text, "the file is UTF-16, not UTF-8; read as UTF-16") }
        guard !holdsNUL(bytes) else { return nil }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
        return (mixed(bytes), "the file is not UTF-8; what is not was read as Windows-1252 (Western European)")
    }

    /// With `memchr`, as every note of a folder import is asked this.
    private static func holdsNUL(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, buffer.count) != nil
        }
    }

    /// Every valid UTF-8 sequence as UTF-8, every other byte as Windows-1252: a Latin-1 file
    /// reads whole as Windows-1252, and a UTF-8 file with a few stray bytes (a word pasted from
    /// a Latin-1 text) keeps its UTF-8.
    private static func mixed(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        var iterator = bytes.makeIterator(), parser = Unicode.UTF8.ForwardParser()
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { text.append(windows1252(byte)) }
                offset += length
            case .emptyInput:
                return String(text)
            }
        }
    }

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        (0x80...0x9F).contains(byte) ? Unicode.Scalar(windows1252High[Int(byte) - 0x80])! : Unicode.Scalar(byte)
    }

    /// The text of a file that starts with UTF-16's byte-order mark (either order), if it is
    /// valid UTF-16 (whole code units, no lone surrogate).
    private static func utf16(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
        let first = bytes[bytes.startIndex], second = bytes[bytes.startIndex + 1]
        let littleEndian: Bool
        switch (first, second) {
        case (0xFF, 0xFE): littleEndian = true
        case (0xFE, 0xFF): littleEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var index = bytes.startIndex + 2
        while index < bytes.endIndex {
            let low = UInt16(bytes[index]), high = UInt16(bytes[index + 1])
            units.append(littleEndian ? high << 8 | low : low << 8 | high)
            index += 2
        }
        var text = String.UnicodeScalarView()
        var iterator = units.makeIterator(), decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.append(scalar)
            case .emptyInput: return String(text)
            case .error: return nil
            }
        }
    }

    /// The characters of the bytes 0x80–0x9F in Windows-1252 (0x81, 0x8D, 0x8F, 0x90 and 0x9D
    /// are undefined there, and stay the C1 controls of their value).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
