import ByteStreamInterface
import ImportFormatsFeature
import QuillModels

/// The files of a tar held in memory, read as an export of another app (`ExportFiles`): a
/// Joplin JEX is a tar of its items and their resources, which its reader looks up by name.
///
/// Exists because the tar readers of an import stream entry by entry, while an export's reader
/// needs every item before the first note (a note's notebook, tags and links are other items).
/// The tar is read strictly, as an archive is (`TarReader`); the bytes stay, so that a tar that
/// turns out to be no export is read again as a plain archive (`source()`).
struct TarExport: ExportFiles {
    let bytes: [UInt8]
    let paths: [String]
    private let contents: [String: Range<Int>]

    init(bytes: [UInt8], limits: ArchiveLimits) throws {
        self.bytes = bytes
        let input = DecompressingReader(source: BytesSource(bytes), decompressor: UncompressedTarInput(limits: limits.decompression))
        var tar = TarReader(input: input, limits: limits)
        var contents: [String: Range<Int>] = [:]
        while let entry = try tar.next() {
            guard entry.kind == .file else { continue }
            guard contents[entry.path] == nil else { throw ArchiveError.duplicateEntry(entry: entry.path) }
            let start = Int(input.offset)
            _ = try tar.readContent(of: entry, limit: limits.maximumAttachmentBytes)
            contents[entry.path] = start..<(start + Int(entry.size))
        }
        self.contents = contents
        paths = contents.keys.sorted()
    }

    func bytes(of path: String) throws -> [UInt8] {
        guard let range = contents[path] else { throw ZipArchive.Failure.malformed("'\(path)' is not in the export") }
        return Array(bytes[range])
    }

    /// The tar again, from its first byte.
    func source() -> any ByteSource { BytesSource(bytes) }
}

/// Bytes in memory as a source.
private final class BytesSource: ByteSource {
    private var cursor: ByteCursor

    init(_ bytes: [UInt8]) {
        cursor = ByteCursor(bytes)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        cursor.read(into: buffer)
    }
}
