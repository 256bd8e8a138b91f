import ByteStreamInterface

/// One note entry of an archive as the manifest describes it: path, size and SHA-256.
struct EntryRecord: Equatable {
    var path: String
    var size: Int64
    /// The 32 bytes of the SHA-256 of the entry's content.
    var sha256: [UInt8]
}

/// The note entries read so far, in archive order, kept in a scratch file rather than in
/// memory (about 80 bytes each), to be compared with the manifest when it arrives.
///
/// Exists so that an import's memory stays bounded: a Quill archive lists its notes in the
/// manifest in the order they appear, so the check reads these records back one by one.
struct SpilledEntries {
    private let file: any ScratchFile
    private(set) var count = 0
    private var record: [UInt8] = []

    init(scratch: any ScratchStorage) throws {
        file = try scratch.makeScratchFile()
    }

    /// Record layout: path length (4 bytes, little-endian), path (UTF-8), size (8 bytes,
    /// little-endian), SHA-256 (32 bytes).
    mutating func append(_ entry: EntryRecord) throws {
        record.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: UInt32(entry.path.utf8.count).littleEndian) { record.append(contentsOf: $0) }
        record.append(contentsOf: entry.path.utf8)
        withUnsafeBytes(of: entry.size.littleEndian) { record.append(contentsOf: $0) }
        record.append(contentsOf: entry.sha256)
        try file.append(record)
        count += 1
    }

    /// Reads the records back from the first.
    func reader() throws -> Reader {
        Reader(source: try file.readBack())
    }

    /// Reads records in order through a small buffer.
    struct Reader {
        private let source: any ByteSource
        private var buffer = [UInt8](repeating: 0, count: 64 << 10)
        private var start = 0
        private var end = 0

        init(source: any ByteSource) {
            self.source = source
        }

        mutating func next() throws -> EntryRecord? {
            guard let lengthBytes = try take(4) else { return nil }
            let length = Int(lengthBytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
            guard let rest = try take(length + 8 + 32) else { throw ByteStreamError.readFailed("scratch file: a record is cut short") }
            return EntryRecord(path: String(decoding: rest[..<length], as: UTF8.self),
                               size: rest.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: length, as: Int64.self)) },
                               sha256: Array(rest[(length + 8)...]))
        }

        /// The next `count` bytes; `nil` at the end of the records.
        private mutating func take(_ count: Int) throws -> [UInt8]? {
            var taken: [UInt8] = []
            taken.reserveCapacity(count)
            while taken.count < count {
                if start == end {
                    start = 0
                    end = try buffer.withUnsafeMutableBytes { bytes throws(ByteStreamError) in try source.read(into: bytes) }
                    if end == 0 { return nil }
                }
                let step = min(count - taken.count, end - start)
                taken.append(contentsOf: buffer[start..<(start + step)])
                start += step
            }
            return taken
        }
    }
}
