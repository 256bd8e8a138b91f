import ByteStreamInterface

/// The notes of a plain archive that refer to files, kept aside in a scratch file until the
/// archive has been read to its end, when every file they may mean is known (`SpooledVaultFiles`).
struct DeferredNotes {
    /// One kept note: its entry's path and modification time, and its bytes.
    struct Note {
        let path: String
        let modified: Int64?
        let bytes: [UInt8]
    }

    private let scratch: any ScratchStorage
    /// Made for the first note kept: most archives keep none.
    private var file: (any ScratchFile)?
    private(set) var count = 0

    init(scratch: any ScratchStorage) {
        self.scratch = scratch
    }

    /// Record layout: path length (4 bytes, little-endian), path, modification time (8 bytes;
    /// `Int64.min` for none), byte count (8 bytes), bytes.
    mutating func append(_ note: Note) throws {
        var record: [UInt8] = []
        withUnsafeBytes(of: UInt32(note.path.utf8.count).littleEndian) { record.append(contentsOf: $0) }
        record.append(contentsOf: note.path.utf8)
        withUnsafeBytes(of: (note.modified ?? .min).littleEndian) { record.append(contentsOf: $0) }
        withUnsafeBytes(of: Int64(note.bytes.count).littleEndian) { record.append(contentsOf: $0) }
        let file = try self.file ?? scratch.makeScratchFile()
        self.file = file
        try file.append(record)
        try file.append(note.bytes)
        count += 1
    }

    /// Hands each kept note to `body`, in the order they were kept.
    func forEach(_ body: (Note) async throws -> Void) async throws {
        guard let file else { return }
        var records = ScratchRecordReader(source: try file.readBack())
        while let lengthBytes = try records.take(4) {
            let length = Int(lengthBytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
            guard let head = try records.take(length + 16) else { throw Self.cut }
            let modified = head.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: length, as: Int64.self)) }
            let size = head.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(fromByteOffset: length + 8, as: Int64.self))) }
            let bytes = size == 0 ? [] : try records.take(size)
            guard let bytes else { throw Self.cut }
            try await body(Note(path: String(decoding: head[..<length], as: UTF8.self), modified: modified == .min ? nil : modified, bytes: bytes))
        }
    }

    private static let cut = ByteStreamError.readFailed("scratch file: a kept note is cut short")
}
