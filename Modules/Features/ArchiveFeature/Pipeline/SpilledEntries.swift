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
        private var records: ScratchRecordReader

        init(source: any ByteSource) {
            records = ScratchRecordReader(source: source)
        }

        mutating func next() throws -> EntryRecord? {
            guard let lengthBytes = try records.take(4) else { return nil }
            let length = Int(lengthBytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
            guard let rest = try records.take(length + 8 + 32) else { throw ByteStreamError.readFailed("scratch file: a record is cut short") }
            return EntryRecord(path: String(decoding: rest[..<length], as: UTF8.self),
                               size: rest.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: length, as: Int64.self)) },
                               sha256: Array(rest[(length + 8)...]))
        }
    }
}
