/// JSON string literals as `NoteJSON.encoder` writes them: `"`, `\` and control characters
/// escaped (short forms where JSON has them), everything else, slashes included, as is.
public enum JSONText {
    /// Appends `text` quoted; runs that need no escaping (nearly all of a note) are copied whole.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` quoted as `appendString` does, and DEL (0x7F) escaped too, so that the literal is
    /// also a YAML double-quoted scalar (YAML does not allow DEL raw): for front matter and the
    /// archive manifest.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendString(text, to: &bytes)
        var portable: [UInt8] = []
        portable.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == 0x7F { portable.append(contentsOf: #"\u007f"#.utf8) } else { portable.append(byte) }
        }
        return String(decoding: portable, as: UTF8.self)
    }

    /// Appends what goes between the quotes of `text`'s literal (to keep a log line one line).
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let count = utf8.count
            var runStart = 0
            var index = 0
            while index < count {
                if index + 8 <= count {
                    // Eight bytes at a time: bodies are long runs with an escape per line.
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let escapes = specialByteMask(word)
                    if escapes == 0 {
                        index += 8
                        continue
                    }
                    index += escapes.trailingZeroBitCount / 8
                } else if !needsEscape(base[index]) {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                appendEscape(base[index], to: &bytes)
                index += 1
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The high bit of each byte of `word` that a string literal cannot hold as is (`"`, `\`,
    /// a control character) is set. Only the lowest set bit is exact (a borrow can mark bytes
    /// above a match), which is all `appendString` and `NoteDocument(canonicalJSON:)` use.
    static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let control = (word &- ones &* 0x20) & ~word & highBits
        return control | zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\"")))) | zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    }

    /// Appends byte by byte: an array literal per escape (one per line of a note) would
    /// allocate.
    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x0a: bytes.append(UInt8(ascii: "n"))
        case 0x0d: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0c: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0x0f))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
