import ByteStreamInterface
import ImportFormatsFeature

/// A byte source whose first bytes have been looked at to tell its format, then handed out
/// again: `quill import FILE` knows a file by its content, not its name, and reads standard
/// input too, which cannot be read twice.
final class SniffedSource: ByteSource {
    /// What the first bytes say the input is.
    enum Format: Equatable {
        case gzip
        /// A tar that was never compressed (`tar -cf`): `ustar` at byte 257.
        case tar
        /// A tar compressed by a program other than gzip (bzip2, xz, zstd), named.
        case otherCompression(String)
        /// XML whose document element is `<en-export>`.
        case evernote
        /// A zip (a Google Takeout, …).
        case zip
        /// A JSON document: an object (Simplenote's `notes.json`, a Standard Notes backup) or an
        /// array (a Roam Research export, TiddlyWiki's tiddlers).
        case json
        /// An HTML page that names TiddlyWiki: a single-file wiki.
        case tiddlyWiki
        case unknown
    }

    private let source: any ByteSource
    /// The reads made to look ahead, handed out again as they were read (a reader that checks
    /// as it goes, as the decompression's ratio cap does, sees the input arrive as before).
    private var lookedAhead: [[UInt8]]
    private var handedOut = 0
    /// How many bytes were handed out so far.
    private(set) var bytesRead: Int64 = 0
    let format: Format
    /// A tar's first entry as its header names it (ustar's prefix and name), for a format that
    /// shows itself there (a Joplin JEX); `nil` for anything else.
    let firstTarEntryName: String?

    /// Reads up to 4 KiB ahead: enough for an XML declaration, a DOCTYPE and a comment or two.
    init(_ source: any ByteSource) throws(ByteStreamError) {
        self.source = source
        var reads: [[UInt8]] = []
        var total = 0
        while total < 4096 {
            var chunk = [UInt8](repeating: 0, count: 4096 - total)
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(ByteStreamError) in try source.read(into: buffer) }
            }
            let count = try result.get()
            if count == 0 { break }
            chunk.removeSubrange(count...)
            reads.append(chunk)
            total += count
        }
        lookedAhead = reads
        let bytes = reads.flatMap { $0 }
        format = Self.format(of: bytes)
        firstTarEntryName = format == .tar ? Self.tarName(of: bytes) : nil
    }

    /// The name in the first header that is not an extended one (pax `x`/`g`, GNU `L`/`K`,
    /// whose entry's own header follows their records), if it lies in `bytes`.
    private static func tarName(of bytes: [UInt8]) -> String? {
        var start = 0
        while start + TarFormat.blockSize <= bytes.count {
            let header = bytes[start..<(start + TarFormat.blockSize)]
            func field(_ range: Range<Int>) -> String? {
                String(validating: header[(start + range.lowerBound)..<(start + range.upperBound)].prefix { $0 != 0 }, as: UTF8.self)
            }
            guard [UInt8(ascii: "x"), UInt8(ascii: "g"), UInt8(ascii: "L"), UInt8(ascii: "K")].contains(header[start + 156]) else {
                guard let name = field(0..<100), let prefix = field(345..<500) else { return nil }
                return prefix.isEmpty ? name : prefix + "/" + name
            }
            guard let size = field(124..<136).flatMap({ Int(String($0.filter { $0 != " " }), radix: 8) }) else { return nil }
            start += TarFormat.blockSize + TarFormat.padding(for: Int64(size)) + size
        }
        return nil
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        let count = try handOut(into: buffer)
        bytesRead += Int64(count)
        return count
    }

    private func handOut(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        guard let chunk = lookedAhead.first else { return try source.read(into: buffer) }
        let count = min(buffer.count, chunk.count - handedOut)
        chunk.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[handedOut..<(handedOut + count)]))
        }
        handedOut += count
        if handedOut == chunk.count {
            lookedAhead.removeFirst()
            handedOut = 0
        }
        return count
    }

    private static func format(of bytes: [UInt8]) -> Format {
        if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
        if bytes.count >= 262, bytes[257..<262].elementsEqual("ustar".utf8) { return .tar }
        if bytes.starts(with: Array("BZh".utf8)) { return .otherCompression("bzip2") }
        if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .otherCompression("xz") }
        if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .otherCompression("zstd") }
        if ZipArchive.looksLikeZip(bytes) { return .zip }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let first = text.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        guard first == UInt8(ascii: "<") else { return .unknown }
        if contains(text, "<en-export") { return .evernote }
        return contains(text, "TiddlyWiki") ? .tiddlyWiki : .unknown
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count else { return false }
        var index = bytes.startIndex
        while index <= bytes.endIndex - pattern.count {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
