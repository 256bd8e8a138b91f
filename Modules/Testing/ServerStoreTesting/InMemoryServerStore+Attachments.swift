import QuillModels
import ServerStoreInterface

/// Attachments in memory, held to the same contract as the SQLite and PostgreSQL stores.
extension InMemoryServerStore: ServerAttachmentRepository {
    public func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? {
        attachments[AttachmentKey(account: account, hash: hash)].map { ServerAttachment(received: Int64($0.bytes.count), isComplete: $0.complete) }
    }

    public func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        let key = AttachmentKey(account: account, hash: hash)
        var entry = attachments[key] ?? ([], false)
        guard !entry.complete else { throw ServerStoreError.attachmentComplete }
        guard offset == Int64(entry.bytes.count) else { throw ServerStoreError.attachmentOffset(received: Int64(entry.bytes.count)) }
        entry.bytes += bytes
        attachments[key] = entry
        return ServerAttachment(received: Int64(entry.bytes.count), isComplete: false)
    }

    public func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        attachments[AttachmentKey(account: account, hash: hash)]?.complete = true
    }

    public func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        attachments[AttachmentKey(account: account, hash: hash)] = nil
    }

    public func attachmentUsage(account: AccountID) async throws -> Int64 {
        attachments.filter { $0.key.account == account }.reduce(0) { $0 + Int64($1.value.bytes.count) }
    }

    public func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8] {
        guard let bytes = attachments[AttachmentKey(account: account, hash: hash)]?.bytes else { return [] }
        let start = Int(min(max(0, offset), Int64(bytes.count)))
        return Array(bytes[start..<min(bytes.count, start + max(0, count))])
    }

    public func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] {
        var held: [AttachmentHash: ServerAttachment] = [:]
        for (key, entry) in attachments where key.account == account {
            held[key.hash] = ServerAttachment(received: Int64(entry.bytes.count), isComplete: entry.complete)
        }
        return held
    }

    public func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        guard latestSequence(of: account) <= cursor.sequence else { return false }
        for hash in hashes { attachments[AttachmentKey(account: account, hash: hash)] = nil }
        return true
    }
}
