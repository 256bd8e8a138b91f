/// Reads a tar stream strictly, one entry at a time: ustar, pax and GNU long names are
/// understood; anything unsafe or malformed is an error naming the entry.
///
/// Exists because an archive is untrusted input: a permissive reader would let a crafted
/// archive write outside its folder, smuggle links, or exhaust memory.
struct TarReader {
    private let input: DecompressingReader
    private let limits: ArchiveLimits
    private var lastEntry: String?
    /// Bytes before the next header: the unread content of the last entry and its padding.
    private var pendingSkip: Int64 = 0
    private var finished = false

    init(input: DecompressingReader, limits: ArchiveLimits) {
        self.input = input
        self.limits = limits
    }

    /// The next file or directory, or `nil` after a proper end-of-archive marker.
    mutating func next() throws(ArchiveError) -> TarEntry? {
        guard !finished else { return nil }
        try skipPendingContent()
        var paxPath: String?
        var paxSize: Int64?
        var longName: String?
        while true {
            let headerOffset = input.offset
            guard let header = try input.read(TarFormat.blockSize) else { throw .truncated(entry: lastEntry) }
            if header.allSatisfy({ $0 == 0 }) {
                try readEndOfArchive(at: headerOffset)
                return nil
            }
            let fields = try TarHeaderFields(header, offset: headerOffset, after: lastEntry)
            let size = paxSize ?? fields.size
            let rawPath = paxPath ?? longName ?? fields.path
            switch fields.type {
            case UInt8(ascii: "x"), UInt8(ascii: "g"):
                let records = try readExtendedHeader(size: fields.size, at: headerOffset)
                let pax = try PaxRecords.parse(records, offset: headerOffset, after: lastEntry)
                if fields.type == UInt8(ascii: "x") {
                    paxPath = pax.path ?? paxPath
                    paxSize = pax.size ?? paxSize
                }
                continue
            case UInt8(ascii: "L"):
                var bytes = try readExtendedHeader(size: fields.size, at: headerOffset)
                while bytes.last == 0 { bytes.removeLast() }
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    throw .invalidUTF8(entry: String(decoding: bytes, as: UTF8.self), part: "name")
                }
                longName = name
                continue
            case UInt8(ascii: "K"):
                _ = try readExtendedHeader(size: fields.size, at: headerOffset)
                continue
            default:
                break
            }
            guard let path = rawPath else {
                throw .invalidUTF8(entry: String(decoding: fields.rawName, as: UTF8.self), part: "name")
            }
            let normalized = try TarPath.normalize(path)
            lastEntry = normalized
            input.currentEntry = normalized
            switch fields.type {
            case UInt8(ascii: "0"), 0, UInt8(ascii: "7"):
                pendingSkip = size + Int64(TarFormat.padding(for: size))
                return TarEntry(path: normalized, kind: .file, size: size, modified: fields.modified)
            case UInt8(ascii: "5"):
                pendingSkip = size + Int64(TarFormat.padding(for: size))
                return TarEntry(path: normalized, kind: .directory, size: size)
            case UInt8(ascii: "1"): throw .unsupportedEntryType(entry: normalized, type: "hard link")
            case UInt8(ascii: "2"): throw .unsupportedEntryType(entry: normalized, type: "symbolic link")
            case UInt8(ascii: "3"): throw .unsupportedEntryType(entry: normalized, type: "character device")
            case UInt8(ascii: "4"): throw .unsupportedEntryType(entry: normalized, type: "block device")
            case UInt8(ascii: "6"): throw .unsupportedEntryType(entry: normalized, type: "FIFO")
            default:
                throw .unsupportedEntryType(entry: normalized, type: "tar type '\(Character(Unicode.Scalar(fields.type)))'")
            }
        }
    }

    /// The content of the entry `next()` just returned, refused if over `limit`. A view of the
    /// reader's buffer, not a copy: let go of it before reading on, or the buffer is copied.
    mutating func readContent(of entry: TarEntry, limit: Int64) throws(ArchiveError) -> ArraySlice<UInt8> {
        guard entry.size <= limit else { throw .entryTooLarge(entry: entry.path, bytes: entry.size, limit: limit) }
        guard let bytes = try input.read(Int(entry.size)) else { throw .truncated(entry: entry.path) }
        pendingSkip = Int64(TarFormat.padding(for: entry.size))
        return bytes
    }

    /// Reads the content of the entry `next()` just returned piece by piece: `body` gets a
    /// function returning the next piece (at most `pieceBytes`), `nil` after the last one.
    /// Whatever `body` leaves unread is skipped. Refused if the entry is over `limit`.
    mutating func withContent<T>(
        of entry: TarEntry, limit: Int64, pieceBytes: Int = 64 * 1024,
        _ body: (@escaping () throws -> ArraySlice<UInt8>?) throws -> T
    ) throws -> T {
        guard entry.size <= limit else { throw ArchiveError.entryTooLarge(entry: entry.path, bytes: entry.size, limit: limit) }
        pendingSkip = 0
        let content = TarContent(input: input, remaining: entry.size, entry: entry.path, pieceBytes: pieceBytes)
        let result = try body(content.nextPiece)
        guard try input.skip(content.remaining + Int64(TarFormat.padding(for: entry.size))) else {
            throw ArchiveError.truncated(entry: entry.path)
        }
        return result
    }

    private mutating func skipPendingContent() throws(ArchiveError) {
        guard pendingSkip > 0 else { return }
        let total = pendingSkip
        pendingSkip = 0
        guard try input.skip(total) else { throw .truncated(entry: lastEntry) }
    }

    private func readExtendedHeader(size: Int64, at offset: Int64) throws(ArchiveError) -> [UInt8] {
        guard size <= limits.maximumExtendedHeaderBytes else {
            throw .malformedHeader(offset: offset, after: lastEntry,
                                   reason: "extended header of \(size) bytes exceeds \(limits.maximumExtendedHeaderBytes)")
        }
        guard let bytes = try input.read(Int(size)),
              try input.skip(Int64(TarFormat.padding(for: size))) else { throw .truncated(entry: lastEntry) }
        return Array(bytes)
    }

    private mutating func readEndOfArchive(at offset: Int64) throws(ArchiveError) {
        guard let second = try input.read(TarFormat.blockSize) else { throw .truncated(entry: lastEntry) }
        guard second.allSatisfy({ $0 == 0 }) else {
            throw .malformedHeader(offset: offset, after: lastEntry, reason: "a lone zero block inside the archive")
        }
        input.currentEntry = nil
        guard try input.drainZeros() else {
            throw .malformedHeader(offset: input.offset, after: lastEntry, reason: "data after the end-of-archive marker")
        }
        finished = true
    }
}

/// The unread rest of one entry's content, handed out a piece at a time.
private final class TarContent {
    let input: DecompressingReader
    private(set) var remaining: Int64
    let entry: String
    let pieceBytes: Int

    init(input: DecompressingReader, remaining: Int64, entry: String, pieceBytes: Int) {
        self.input = input
        self.remaining = remaining
        self.entry = entry
        self.pieceBytes = pieceBytes
    }

    func nextPiece() throws -> ArraySlice<UInt8>? {
        guard remaining > 0 else { return nil }
        let count = Int(min(remaining, Int64(pieceBytes)))
        guard let piece = try input.read(count) else { throw ArchiveError.truncated(entry: entry) }
        remaining -= Int64(count)
        return piece
    }
}
