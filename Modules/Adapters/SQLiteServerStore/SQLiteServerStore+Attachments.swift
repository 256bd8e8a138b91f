import QuillModels
import ServerStoreInterface
import SQLiteKit

/// Attachments in two tables (migration 9): `attachments` says how much of each arrived and
/// whether it is whole; `attachment_chunks` holds the bytes, one row per piece as it arrived.
extension SQLiteServerStore: ServerAttachmentRepository {
    public func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? {
        try reading { connection in try Self.state(hash, account: account, on: connection) }
    }

    public func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        try guarded { connection in
            try connection.transaction {
                let state = try Self.state(hash, account: account, on: connection) ?? ServerAttachment(received: 0, isComplete: false)
                guard !state.isComplete else { throw ServerStoreError.attachmentComplete }
                guard offset == state.received else { throw ServerStoreError.attachmentOffset(received: state.received) }
                let received = state.received + Int64(bytes.count)
                try connection.query("""
                    INSERT INTO attachments (account_id, sha256, received) VALUES (?, ?, ?)
                    ON CONFLICT (account_id, sha256) DO UPDATE SET received = excluded.received
                    """, [.integer(account.rawValue), .text(hash.hex), .integer(received)])
                if !bytes.isEmpty {
                    try connection.query("INSERT INTO attachment_chunks (account_id, sha256, start, bytes) VALUES (?, ?, ?, ?)",
                                         [.integer(account.rawValue), .text(hash.hex), .integer(offset), .blob(bytes)])
                }
                return ServerAttachment(received: received, isComplete: false)
            }
        }
    }

    public func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        try guarded { connection in
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
            var result: [UInt8] = []
            let end = offset + Int64(max(0, count))
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

    public func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] {
        try reading { connection in
            var held: [AttachmentHash: ServerAttachment] = [:]
            try connection.query("SELECT sha256, received, complete FROM attachments WHERE account_id = ?", [.integer(account.rawValue)]) { row in
                if let hash = AttachmentHash(row.text(0)) { held[hash] = ServerAttachment(received: row.integer(1), isComplete: row.integer(2) != 0) }
            }
            return held
        }
    }

    /// In a write transaction, which a push waits for: the check and the deletions see the same notes.
    public func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        try guarded { connection in
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
    }

    private static func state(_ hash: AttachmentHash, account: AccountID, on connection: SQLiteConnection) throws -> ServerAttachment? {
        var state: ServerAttachment?
        try connection.query("SELECT received, complete FROM attachments WHERE account_id = ? AND sha256 = ?",
                             [.integer(account.rawValue), .text(hash.hex)]) {
            state = ServerAttachment(received: $0.integer(0), isComplete: $0.integer(1) != 0)
        }
        return state
    }
}
