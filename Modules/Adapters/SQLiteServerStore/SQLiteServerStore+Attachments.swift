import POSIXFileKit
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// Attachments: the `attachments` table says how much of each arrived and whether it is whole
/// (migration 9), and where its bytes are (`in_file`, migration 13): in a file beside the database
/// (`SQLiteAttachmentFiles`), or, for those that arrived before, in `attachment_chunks`, one row
/// per piece as it arrived.
///
/// A file's bytes are written within the transaction that records them, before it commits, and
/// synced once the attachment is whole; a file is removed only after the transaction that
/// forgets its row has committed.
extension SQLiteServerStore: ServerAttachmentRepository {
    public func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? {
        try reading { connection in try Self.record(hash, account: account, on: connection)?.state }
    }

    public func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        try guarded { connection in
            try connection.transaction {
                let record = try Self.record(hash, account: account, on: connection)
                let state = record?.state ?? ServerAttachment(received: 0, isComplete: false)
                guard !state.isComplete else { throw ServerStoreError.attachmentComplete }
                guard offset == state.received else { throw ServerStoreError.attachmentOffset(received: state.received) }
                // A new attachment goes to a file; one that began arriving in the database stays there.
                let inFile = record?.inFile ?? true
                let received = state.received + Int64(bytes.count)
                try connection.query("""
                    INSERT INTO attachments (account_id, sha256, received, in_file) VALUES (?, ?, ?, ?)
                    ON CONFLICT (account_id, sha256) DO UPDATE SET received = excluded.received
                    """, [.integer(account.rawValue), .text(hash.hex), .integer(received), .integer(inFile ? 1 : 0)])
                if inFile {
                    try attachmentFiles.write(bytes, hash, account: account, at: offset)
                } else if !bytes.isEmpty {
                    try connection.query("INSERT INTO attachment_chunks (account_id, sha256, start, bytes) VALUES (?, ?, ?, ?)",
                                         [.integer(account.rawValue), .text(hash.hex), .integer(offset), .blob(bytes)])
                }
                return ServerAttachment(received: received, isComplete: false)
            }
        }
    }

    public func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        try guarded { connection in
            if try Self.record(hash, account: account, on: connection)?.inFile == true {
                try attachmentFiles.sync(hash, account: account)
            }
            try connection.query("UPDATE attachments SET complete = 1 WHERE account_id = ? AND sha256 = ?",
                                 [.integer(account.rawValue), .text(hash.hex)])
        }
    }

    public func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        try guarded { connection in
            try connection.transaction {
                for table in ["attachment_chunks", "attachments"] {
                    try connection.query("DELETE FROM \(table) WHERE account_id = ? AND sha256 = ?", [.integer(account.rawValue), .text(hash.hex)])
                }
            }
        }
        attachmentFiles.remove(hash, account: account)
    }

    public func attachmentUsage(account: AccountID) async throws -> Int64 {
        try reading { connection in
            var total: Int64 = 0
            try connection.query("SELECT coalesce(sum(received), 0) FROM attachments WHERE account_id = ?", [.integer(account.rawValue)]) {
                total = $0.integer(0)
            }
            return total
        }
    }

    public func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8] {
        try reading { connection in
            guard let record = try Self.record(hash, account: account, on: connection) else { return [] }
            let end = min(offset + Int64(max(0, count)), record.state.received)
            guard offset < end else { return [] }
            if record.inFile { return try attachmentFiles.read(hash, account: account, at: offset, count: Int(end - offset)) }
            var result: [UInt8] = []
            // The piece holding `offset` starts at or before it: the last such start, then the rest up to `end`.
            try connection.query("""
                SELECT start, bytes FROM attachment_chunks WHERE account_id = ? AND sha256 = ? AND start < ?
                  AND start >= coalesce((SELECT max(start) FROM attachment_chunks WHERE account_id = ? AND sha256 = ? AND start <= ?), 0)
                ORDER BY start
                """, [.integer(account.rawValue), .text(hash.hex), .integer(end),
                      .integer(account.rawValue), .text(hash.hex), .integer(offset)]) { row in
                let start = row.integer(0), bytes = row.blob(1)
                let from = Int(max(0, offset - start)), to = Int(min(Int64(bytes.count), end - start))
                if from < to { result += bytes[from..<to] }
            }
            return result
        }
    }

    /// A file's bytes are read from the file opened once, up to what its row said when it was
    /// opened; bytes still in `attachment_chunks` are read through `readAttachment`.
    public func openAttachment(_ hash: AttachmentHash, account: AccountID) async throws -> any ServerAttachmentReader {
        let opened: AttachmentFileReader? = try reading { connection in
            guard let record = try Self.record(hash, account: account, on: connection), record.inFile,
                  let file = try attachmentFiles.open(hash, account: account) else { return nil }
            return AttachmentFileReader(file: file, size: record.state.received)
        }
        if let opened { return opened }
        return try await RepositoryAttachmentReader(repository: self, hash: hash, account: account)
    }

    public func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] {
        try reading { connection in
            var held: [AttachmentHash: ServerAttachment] = [:]
            try connection.query("SELECT sha256, received, complete FROM attachments WHERE account_id = ?", [.integer(account.rawValue)]) { row in
                if let hash = AttachmentHash(row.text(0)) { held[hash] = ServerAttachment(received: row.integer(1), isComplete: row.integer(2) != 0) }
            }
            return held
        }
    }

    /// In a write transaction, which a push waits for: the check and the deletions see the same
    /// notes. The files go once it has committed.
    public func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        let collected = try guarded { connection in
            try connection.transaction {
                var latest: Int64 = 0
                try connection.query("SELECT coalesce(max(sequence), 0) FROM notes WHERE account_id = ?", [.integer(account.rawValue)]) {
                    latest = $0.integer(0)
                }
                guard latest <= cursor.sequence else { return false }
                for hash in hashes {
                    for table in ["attachment_chunks", "attachments"] {
                        try connection.query("DELETE FROM \(table) WHERE account_id = ? AND sha256 = ?", [.integer(account.rawValue), .text(hash.hex)])
                    }
                }
                return true
            }
        }
        if collected {
            for hash in hashes { attachmentFiles.remove(hash, account: account) }
        }
        return collected
    }

    /// Files in the account's folder that no row names: a crash between writing a new
    /// attachment's first piece and committing its row, or between forgetting a row and removing
    /// its file. Looked for while holding the database's write lock, which every transaction that
    /// writes a file holds too: no file without a row then is on its way in.
    public func attachmentLeftovers(account: AccountID, dryRun: Bool) async throws -> Int {
        try guarded { connection in
            try connection.transaction {
                var leftovers = 0
                for name in attachmentFiles.names(of: account) {
                    guard let hash = AttachmentHash(name), try Self.record(hash, account: account, on: connection) == nil else { continue }
                    leftovers += 1
                    if !dryRun { attachmentFiles.remove(hash, account: account) }
                }
                return leftovers
            }
        }
    }

    /// What the table says of the attachment, and whether its bytes are in a file.
    private static func record(_ hash: AttachmentHash, account: AccountID,
                               on connection: SQLiteConnection) throws -> (state: ServerAttachment, inFile: Bool)? {
        var record: (state: ServerAttachment, inFile: Bool)?
        try connection.query("SELECT received, complete, in_file FROM attachments WHERE account_id = ? AND sha256 = ?",
                             [.integer(account.rawValue), .text(hash.hex)]) {
            record = (ServerAttachment(received: $0.integer(0), isComplete: $0.integer(1) != 0), $0.integer(2) != 0)
        }
        return record
    }
}

/// An attachment's file, opened once and read up to the bytes its row counted.
struct AttachmentFileReader: ServerAttachmentReader {
    let file: OpenedFile
    let size: Int64

    func read<Buffer: AttachmentBuffer>(at offset: Int64, count: Int, appendingTo buffer: inout Buffer) async throws -> Int {
        let wanted = Int(max(0, min(Int64(count), size - offset)))
        guard wanted > 0 else { return 0 }
        return try buffer.append(upTo: wanted) { target in try file.read(at: offset, into: target) }
    }
}
