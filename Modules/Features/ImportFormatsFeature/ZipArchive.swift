import CompressionInterface
import FileSystemInterface
import Foundation
import QuillModels

/// A `.zip` file (a Google Takeout, a Notion export, a Bear backup), read through its central
/// directory a file at a time, so that only the file being read is in memory.
///
/// Exists because every export but Evernote's comes zipped, and the readers of those formats
/// need one zip reader that refuses what a hostile zip does: names that climb out (`../`, an
/// absolute path), links, entries that overlap (the overlapping-file bomb), sizes past the
/// import's limits, and output that grows far faster than its input (`DecompressionLimits`).
/// Each file's bytes are inflated by the same gzip decompressor as archives (through
/// `Decompressing`): the file's deflate data (or its stored bytes, as deflate's stored blocks)
/// framed as a gzip member whose trailer holds the zip's CRC-32 and size, so that zlib checks
/// both. Encrypted zips, and compression other than stored and deflate, are refused by name.
public struct ZipArchive {
    /// One file of the archive, as its central directory describes it.
    public struct Entry: Sendable, Equatable {
        public let path: String
        public let size: Int64
        /// When the file was last changed, as the zip records it (MS-DOS's date and time, to two
        /// seconds, in no time zone: read as UTC).
        public let modified: Date?
        let compressedSize: Int64
        let method: UInt16
        let crc32: UInt32
        let localHeaderOffset: Int64
    }

    public struct Limits: Sendable {
        /// The most bytes all files may decompress to together, and one file alone.
        public var maximumTotalBytes: Int64
        public var maximumEntryBytes: Int64
        public var maximumRatio: Int
        public var maximumEntries = 1_000_000

        public init(maximumTotalBytes: Int64, maximumEntryBytes: Int64, maximumRatio: Int) {
            self.maximumTotalBytes = maximumTotalBytes
            self.maximumEntryBytes = maximumEntryBytes
            self.maximumRatio = maximumRatio
        }
    }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notZip
        case malformed(String)
        case unsafePath(String)
        case unsupported(entry: String, reason: String)
        case tooLarge(entry: String, limit: Int64)
        case damaged(entry: String, reason: String)

        public var description: String {
            switch self {
            case .notZip: "not a zip file (no end of central directory)"
            case .malformed(let reason): "the zip is malformed: \(reason)"
            case .unsafePath(let path): "the zip holds '\(path)', a path that leaves the folder it is unpacked into; refused"
            case .unsupported(let entry, let reason): "'\(entry)' in the zip: \(reason)"
            case .tooLarge(let entry, let limit):
                "'\(entry)' in the zip makes more than \(limit >> 20) MiB (possible zip bomb; if you trust it, raise --max-size or --max-attachment-size)"
            case .damaged(let entry, let reason): "'\(entry)' in the zip is damaged: \(reason)"
            }
        }
    }

    private let source: Source
    private let decompression: any Decompressing
    private let limits: Limits
    /// The files, in the central directory's order; folders and links are not among them.
    public let entries: [Entry]
    /// Links and other entries that are not plain files, passed over.
    public let skipped: [String]

    /// Where the zip's bytes are read from, at any offset: a file, or memory (a zip inside a zip).
    private struct Source {
        let name: String
        let size: Int64
        let read: (Int64, Int) throws -> [UInt8]
    }

    /// The zip at `path`, read through `files`.
    public init(path: String, files: any FileAccessing, decompression: any Decompressing, limits: Limits) throws {
        let size = try files.metadata(of: path).size
        try self.init(source: Source(name: path, size: size) { offset, count in [UInt8](try files.read(path, offset: offset, count: count)) },
                      decompression: decompression, limits: limits)
    }

    /// A zip held in memory (Notion wraps its export in a zip inside a zip); `name` names it in errors.
    public init(bytes: [UInt8], name: String, decompression: any Decompressing, limits: Limits) throws {
        try self.init(source: Source(name: name, size: Int64(bytes.count)) { offset, count in
            let start = Int(clamping: max(0, min(offset, Int64(bytes.count))))
            return Array(bytes[start..<min(bytes.count, start + count)])
        }, decompression: decompression, limits: limits)
    }

    private init(source: Source, decompression: any Decompressing, limits: Limits) throws {
        self.source = source
        self.decompression = decompression
        self.limits = limits
        let directory = try Self.centralDirectory(source)
        (entries, skipped) = try Self.readEntries(source, directory: directory, limits: limits)
    }

    /// Whether the bytes start like a zip (a local file header, or the end record of an empty zip).
    public static func looksLikeZip(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(4))
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// The bytes of one file, checked against its CRC-32 and size.
    public func bytes(of entry: Entry) throws -> [UInt8] {
        let header = try read(at: entry.localHeaderOffset, count: 30)
        guard header.count == 30, header.uint32(0) == 0x0403_4B50 else { throw Failure.malformed("the local header of '\(entry.path)' is missing") }
        let dataStart = entry.localHeaderOffset + 30 + Int64(header.uint16(26)) + Int64(header.uint16(28))
        let compressed = try read(at: dataStart, count: Int(entry.compressedSize))
        guard compressed.count == entry.compressedSize else { throw Failure.damaged(entry: entry.path, reason: "it is cut short") }
        var member: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        switch entry.method {
        case 8: member += compressed
        case 0: member += Self.storedBlocks(compressed)
        default: throw Failure.unsupported(entry: entry.path, reason: "compression method \(entry.method) is not supported (only stored and deflate)")
        }
        member.appendLittleEndian(entry.crc32)
        member.appendLittleEndian(UInt32(truncatingIfNeeded: entry.size))
        let decompressor = try decompression.makeDecompressor(limits: DecompressionLimits(
            maximumOutputBytes: entry.size, maximumRatio: limits.maximumRatio, ratioGraceBytes: 1 << 20))
        do {
            var output: [UInt8] = []
            output.reserveCapacity(Int(entry.size))
            try decompressor.decompress(member, into: &output)
            try decompressor.finish()
            guard output.count == entry.size else { throw Failure.damaged(entry: entry.path, reason: "its size is not the one the zip states") }
            return output
        } catch let error as CompressionError {
            switch error {
            case .outputLimitExceeded: throw Failure.damaged(entry: entry.path, reason: "it decompresses to more than the zip states")
            case .ratioLimitExceeded(let limit):
                throw Failure.damaged(entry: entry.path, reason: "it decompresses more than \(limit) times its size (possible zip bomb; if you trust it, raise --max-ratio)")
            case .checksumMismatch: throw Failure.damaged(entry: entry.path, reason: "its CRC-32 does not match")
            default: throw Failure.damaged(entry: entry.path, reason: error.description)
            }
        }
    }

    // MARK: - The central directory

    /// An MS-DOS date and time (1980 on, to two seconds), read as UTC; `nil` for none (zero) or
    /// one that is no date.
    static func dosDate(time: UInt16, date: UInt16) -> Date? {
        let second = Int64(time & 0x1F) * 2
        guard date != 0, second < 60 else { return nil }
        return CivilDate.utc(year: 1980 + Int64(date >> 9), month: Int64((date >> 5) & 0xF), day: Int64(date & 0x1F),
                             hour: Int64(time >> 11), minute: Int64((time >> 5) & 0x3F), second: second)
    }

    private static func centralDirectory(_ source: Source) throws -> (offset: Int64, size: Int64, count: Int) {
        let size = source.size
        // The end record is in the last 22 bytes, or before a comment of up to 65,535 bytes.
        let tailLength = Int(min(size, 22 + 65_535))
        let tail = try source.read(size - Int64(tailLength), tailLength)
        guard tail.count >= 22, let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.uint32($0) == 0x0605_4B50 }) else {
            throw Failure.notZip
        }
        guard tail.uint16(end + 4) == 0, tail.uint16(end + 6) == 0 else { throw Failure.unsupported(entry: source.name, reason: "a zip split over several files is not supported") }
        var count = Int(tail.uint16(end + 10))
        var directorySize = Int64(tail.uint32(end + 12))
        var directoryOffset = Int64(tail.uint32(end + 16))
        // Zip64: the end record's fields are all ones, and the real ones are in the zip64 end record.
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            let locatorStart = size - Int64(tailLength) + Int64(end) - 20
            let locator = try source.read(locatorStart, 20)
            guard locator.count == 20, locator.uint32(0) == 0x0706_4B50 else { throw Failure.malformed("the zip64 end locator is missing") }
            let record = try source.read(Int64(clamping: locator.uint64(8)), 56)
            guard record.count == 56, record.uint32(0) == 0x0606_4B50 else { throw Failure.malformed("the zip64 end record is missing") }
            count = Int(clamping: record.uint64(32))
            directorySize = Int64(clamping: record.uint64(40))
            directoryOffset = Int64(clamping: record.uint64(48))
        }
        guard directoryOffset >= 0, directorySize >= 0, directoryOffset + directorySize <= size else {
            throw Failure.malformed("the central directory lies outside the file")
        }
        return (directoryOffset, directorySize, count)
    }

    private static func readEntries(
        _ source: Source, directory: (offset: Int64, size: Int64, count: Int), limits: Limits
    ) throws -> ([Entry], [String]) {
        let fileSize = source.size
        guard directory.count <= limits.maximumEntries else { throw Failure.malformed("it holds more than \(limits.maximumEntries) files") }
        guard directory.size <= 256 << 20 else { throw Failure.malformed("its central directory is larger than 256 MiB") }
        let bytes = try source.read(directory.offset, Int(directory.size))
        var entries: [Entry] = []
        var skipped: [String] = []
        var total: Int64 = 0
        var position = 0
        for _ in 0..<directory.count {
            guard position + 46 <= bytes.count, bytes.uint32(position) == 0x0201_4B50 else { throw Failure.malformed("a central directory entry is cut short") }
            let flags = bytes.uint16(position + 8), method = bytes.uint16(position + 10)
            let modified = Self.dosDate(time: bytes.uint16(position + 12), date: bytes.uint16(position + 14))
            let crc = bytes.uint32(position + 16)
            var compressedSize = Int64(bytes.uint32(position + 20)), size = Int64(bytes.uint32(position + 24))
            let nameLength = Int(bytes.uint16(position + 28)), extraLength = Int(bytes.uint16(position + 30))
            let commentLength = Int(bytes.uint16(position + 32))
            let madeBy = bytes.uint16(position + 4) >> 8, external = bytes.uint32(position + 38)
            var offset = Int64(bytes.uint32(position + 42))
            let nameStart = position + 46
            guard nameStart + nameLength + extraLength + commentLength <= bytes.count else { throw Failure.malformed("a central directory entry is cut short") }
            let nameBytes = bytes[nameStart..<(nameStart + nameLength)]
            // Bit 11: UTF-8. Older zips use code page 437; what is not UTF-8 is read as Latin-1, which never fails.
            let name = String(validating: nameBytes, as: UTF8.self) ?? String(decoding: nameBytes.map { UInt16($0) }, as: UTF16.self)
            Self.readZip64(bytes[(nameStart + nameLength)..<(nameStart + nameLength + extraLength)], size: &size,
                           compressedSize: &compressedSize, offset: &offset)
            position = nameStart + nameLength + extraLength + commentLength
            let relative = try safePath(name)
            if name.hasSuffix("/") || relative.isEmpty { continue }
            // Unix file types in the high bits of the external attributes: a link (or anything not a file) is passed over.
            let fileType = (external >> 16) & 0o170000
            if madeBy == 3, fileType != 0, fileType != 0o100000 {
                skipped.append(relative)
                continue
            }
            guard flags & 1 == 0 else { throw Failure.unsupported(entry: relative, reason: "it is encrypted; export again without a password") }
            guard size <= limits.maximumEntryBytes else { throw Failure.tooLarge(entry: relative, limit: limits.maximumEntryBytes) }
            total += size
            guard total <= limits.maximumTotalBytes else { throw Failure.tooLarge(entry: relative, limit: limits.maximumTotalBytes) }
            guard offset >= 0, offset + 30 + compressedSize <= fileSize else { throw Failure.malformed("'\(relative)' lies outside the file") }
            entries.append(Entry(path: relative, size: size, modified: modified, compressedSize: compressedSize, method: method, crc32: crc,
                                 localHeaderOffset: offset))
        }
        // Two entries that share bytes are the overlapping-file bomb: refused.
        let ordered = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (earlier, later) in zip(ordered, ordered.dropFirst()) where earlier.localHeaderOffset + 30 + earlier.compressedSize > later.localHeaderOffset {
            throw Failure.malformed("'\(earlier.path)' and '\(later.path)' overlap (a zip bomb's trick)")
        }
        return (entries, skipped)
    }

    private static func readZip64(_ extra: ArraySlice<UInt8>, size: inout Int64, compressedSize: inout Int64, offset: inout Int64) {
        var index = extra.startIndex
        while index + 4 <= extra.endIndex {
            let id = extra.uint16(index), length = Int(extra.uint16(index + 2))
            var field = index + 4
            if id == 0x0001 {
                if size == 0xFFFF_FFFF, field + 8 <= extra.endIndex { size = Int64(clamping: extra.uint64(field)); field += 8 }
                if compressedSize == 0xFFFF_FFFF, field + 8 <= extra.endIndex { compressedSize = Int64(clamping: extra.uint64(field)); field += 8 }
                if offset == 0xFFFF_FFFF, field + 8 <= extra.endIndex { offset = Int64(clamping: extra.uint64(field)) }
            }
            index += 4 + length
        }
    }

    /// The entry's name as a relative path: `\` as `/`, refused if it is absolute or climbs out.
    static func safePath(_ name: String) throws -> String {
        let normalized = name.replacing("\\", with: "/")
        guard !normalized.hasPrefix("/"), !normalized.contains("\0"), !(normalized.count >= 2 && normalized.dropFirst().first == ":") else {
            throw Failure.unsafePath(name)
        }
        let parts = normalized.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else { throw Failure.unsafePath(name) }
        return parts.joined(separator: "/")
    }

    /// `bytes` as deflate's stored blocks (at most 65,535 bytes each), the last one marked last.
    private static func storedBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var blocks: [UInt8] = []
        blocks.reserveCapacity(bytes.count + bytes.count / 65_535 * 5 + 5)
        var start = 0
        repeat {
            let length = min(65_535, bytes.count - start)
            blocks.append(start + length == bytes.count ? 1 : 0)
            blocks.appendLittleEndian(UInt16(length))
            blocks.appendLittleEndian(~UInt16(length))
            blocks += bytes[start..<(start + length)]
            start += length
        } while start < bytes.count
        return blocks
    }

    private func read(at offset: Int64, count: Int) throws -> [UInt8] {
        try source.read(offset, count)
    }
}

extension Collection<UInt8> where Index == Int {
    func uint16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    func uint32(_ at: Int) -> UInt32 { UInt32(uint16(at)) | UInt32(uint16(at + 2)) << 16 }
    func uint64(_ at: Int) -> UInt64 { UInt64(uint32(at)) | UInt64(uint32(at + 4)) << 32 }
}

extension Array<UInt8> {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
