import NIOCore
import PostgresNIO
import QuillModels
import ServerStoreInterface

/// Attachments in two tables (migration 10): `attachments` says how much of each arrived and
/// whether it is whole; `attachment_chunks` holds the bytes, one row per piece as it arrived.
/// An append locks the attachment's row, so two uploads of one attachment cannot interleave.
extension PostgresServerStore: ServerAttachmentRepository {
    public func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? {
        try await guarded {
            var state: ServerAttachment?
            for try await (received, complete) in try await client.query(
                "SELECT received, complete FROM attachments WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex)",
                logger: logger).decode((Int64, Bool).self) {
                state = ServerAttachment(received: received, isComplete: complete)
            }
            return state
        }
    }

    public func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("""
                    INSERT INTO attachments (account_id, sha256, received) VALUES (\(account.rawValue), \(hash.hex), 0)
                    ON CONFLICT (account_id, sha256) DO NOTHING
                    """, logger: logger)
                var state = ServerAttachment(received: 0, isComplete: false)
                for try await (received, complete) in try await connection.query(
                    "SELECT received, complete FROM attachments WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex) FOR UPDATE",
                    logger: logger).decode((Int64, Bool).self) {
                    state = ServerAttachment(received: received, isComplete: complete)
                }
                guard !state.isComplete else { throw ServerStoreError.attachmentComplete }
                guard offset == state.received else { throw ServerStoreError.attachmentOffset(received: state.received) }
                let received = state.received + Int64(bytes.count)
                if !bytes.isEmpty {
                    let buffer = ByteBuffer(bytes: bytes)
                    try await connection.query("""
                        INSERT INTO attachment_chunks (account_id, sha256, start, bytes)
                        VALUES (\(account.rawValue), \(hash.hex), \(offset), \(buffer))
                        """, logger: logger)
                }
                try await connection.query(
                    "UPDATE attachments SET received = \(received) WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex)",
                    logger: logger)
                return ServerAttachment(received: received, isComplete: false)
            }
        }
    }

    public func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        _ = try await guarded {
            try await client.query(
                "UPDATE attachments SET complete = TRUE WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex)", logger: logger)
        }
    }

    public func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "DELETE FROM attachment_chunks WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex)", logger: logger)
                try await connection.query(
                    "DELETE FROM attachments WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex)", logger: logger)
            }
        }
    }

    public func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] {
        try await guarded {
            var held: [AttachmentHash: ServerAttachment] = [:]
            for try await (sha256, received, complete) in try await client.query(
                "SELECT sha256, received, complete FROM attachments WHERE account_id = \(account.rawValue)",
                logger: logger).decode((String, Int64, Bool).self) {
                if let hash = AttachmentHash(sha256) { held[hash] = ServerAttachment(received: received, isComplete: complete) }
            }
            return held
        }
    }

    /// Holds the account's row, which every write to its notes updates (`last_sequence`), so
    /// no push runs between the check and the deletions.
    public func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var latest: Int64 = 0
                for try await sequence in try await connection.query(
                    "SELECT last_sequence FROM accounts WHERE id = \(account.rawValue) FOR UPDATE", logger: logger).decode(Int64.self) {
                    latest = sequence
                }
                guard latest <= cursor.sequence else { return false }
                let names = hashes.map(\.hex)
                try await connection.query(
                    "DELETE FROM attachment_chunks WHERE account_id = \(account.rawValue) AND sha256 = ANY(\(names))", logger: logger)
                try await connection.query(
                    "DELETE FROM attachments WHERE account_id = \(account.rawValue) AND sha256 = ANY(\(names))", logger: logger)
                return true
            }
        }
    }

    public func attachmentUsage(account: AccountID) async throws -> Int64 {
        try await guarded {
            var total: Int64 = 0
            for try await sum in try await client.query(
                "SELECT coalesce(sum(received), 0)::bigint FROM attachments WHERE account_id = \(account.rawValue)", logger: logger
            ).decode(Int64.self) {
                total = sum
            }
            return total
        }
    }

    public func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8] {
        try await guarded {
            let end = offset + Int64(max(0, count))
            var result: [UInt8] = []
            for try await (start, bytes) in try await client.query("""
                SELECT start, bytes FROM attachment_chunks WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex) AND start < \(end)
                  AND start >= coalesce((SELECT max(start) FROM attachment_chunks
                                         WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex) AND start <= \(offset)), 0)
                ORDER BY start
                """, logger: logger).decode((Int64, ByteBuffer).self) {
                let piece = Array(bytes.readableBytesView)
                let from = Int(max(0, offset - start)), to = Int(min(Int64(piece.count), end - start))
                if from < to { result += piece[from..<to] }
            }
            return result
        }
    }
}
