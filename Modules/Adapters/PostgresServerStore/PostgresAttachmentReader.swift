import NIOCore
import PostgresNIO
import QuillModels
import ServerStoreInterface
import Synchronization

/// An attachment kept in `attachment_chunks`, read a stored piece (up to 1 MiB) at a time.
///
/// Exists because a download reads smaller pieces than are stored: through `readAttachment`,
/// each of its reads fetched the whole stored piece again, so serving a gigabyte fetched eight
/// from the database. This reader keeps the last piece it fetched and serves the download's
/// reads from it, up to the bytes that had arrived when it was opened.
final class PostgresAttachmentReader: ServerAttachmentReader {
    private let store: PostgresServerStore
    private let hash: AttachmentHash
    private let account: AccountID
    private let size: Int64
    /// The stored piece last fetched: where it starts, and its bytes.
    private let fetched = Mutex<(start: Int64, bytes: ByteBuffer)?>(nil)

    init(store: PostgresServerStore, hash: AttachmentHash, account: AccountID, size: Int64) {
        self.store = store
        self.hash = hash
        self.account = account
        self.size = size
    }

    func read<Buffer: AttachmentBuffer>(at offset: Int64, count: Int, appendingTo buffer: inout Buffer) async throws -> Int {
        let wanted = Int(max(0, min(Int64(count), size - offset)))
        var copied = 0
        while copied < wanted {
            let position = offset + Int64(copied)
            var piece = fetched.withLock { $0 }
            if piece.map({ position < $0.start || position >= $0.start + Int64($0.bytes.readableBytes) }) ?? true {
                piece = try await store.storedPiece(hash, account: account, containing: position)
                fetched.withLock { $0 = piece }
            }
            guard let piece else { break }
            let from = Int(position - piece.start), taken = min(wanted - copied, piece.bytes.readableBytes - from)
            guard taken > 0 else { break }
            copied += buffer.append(upTo: taken) { target in
                piece.bytes.withUnsafeReadableBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[from..<(from + taken)])) }
                return taken
            }
        }
        return copied
    }
}

extension PostgresServerStore {
    /// Reads through a `PostgresAttachmentReader`, bounded by what had arrived when opened.
    public func openAttachment(_ hash: AttachmentHash, account: AccountID) async throws -> any ServerAttachmentReader {
        PostgresAttachmentReader(store: self, hash: hash, account: account,
                                 size: try await attachment(hash, account: account)?.received ?? 0)
    }

    /// The stored piece of the attachment that holds byte `offset`; `nil` if none does.
    func storedPiece(_ hash: AttachmentHash, account: AccountID, containing offset: Int64) async throws -> (start: Int64, bytes: ByteBuffer)? {
        try await guarded {
            var piece: (start: Int64, bytes: ByteBuffer)?
            for try await (start, bytes) in try await client.query("""
                SELECT start, bytes FROM attachment_chunks WHERE account_id = \(account.rawValue) AND sha256 = \(hash.hex) AND start <= \(offset)
                ORDER BY start DESC LIMIT 1
                """, logger: logger).decode((Int64, ByteBuffer).self) {
                piece = (start, bytes)
            }
            return piece
        }
    }
}
