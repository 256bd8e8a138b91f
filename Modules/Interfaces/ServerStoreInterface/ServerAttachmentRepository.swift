import QuillModels

/// What the server keeps of each account's attachments (docs/attachments.md): the bytes of each,
/// in the order they arrived, whole or still arriving.
///
/// Exists so that an upload can stop anywhere and continue from where it stopped (each append
/// is durable on its own), and so that two servers on one PostgreSQL serve the same bytes. The
/// store keeps bytes; checking them against their hash before an attachment is whole is the
/// HTTP layer's (`AttachmentRoutes`). Nothing is shared across accounts, which would tell one
/// account what another holds; deleting an account deletes its attachments.
public protocol ServerAttachmentRepository: Sendable {
    /// What the account holds of the attachment; `nil` if nothing.
    func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment?
    /// Appends `bytes` at `offset`, which must be how many bytes have arrived so far (else
    /// `ServerStoreError.attachmentOffset` with that number); refused once the attachment is whole.
    func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment
    /// Marks the attachment whole: the caller has checked every byte against `hash`.
    func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws
    /// Forgets what arrived of it (bytes that did not match their hash); nothing if none.
    func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws
    /// The bytes the account's attachments take, whole or still arriving: what a quota counts.
    func attachmentUsage(account: AccountID) async throws -> Int64
    /// Up to `count` bytes of what arrived, from `offset`: fewer at the end, none past it.
    func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8]
    /// The attachment's bytes, opened once for reading piece after piece (a download).
    func openAttachment(_ hash: AttachmentHash, account: AccountID) async throws -> any ServerAttachmentReader
    /// Counts, and unless `dryRun` removes, what a crash left of the account's attachments
    /// outside the store's record (bytes of an upload whose first piece never committed, or of
    /// an attachment forgotten just before): nothing is left over in a store that keeps
    /// attachments only in its record.
    func attachmentLeftovers(account: AccountID, dryRun: Bool) async throws -> Int
    /// Every attachment the account holds, whole or still arriving.
    func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment]
    /// Forgets these attachments in one transaction, unless a note of the account was written
    /// after `cursor`: then it forgets nothing and returns `false`. `AttachmentCollection` reads
    /// every note up to `cursor` first, so no note written in between can have come to refer to
    /// one of them.
    func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool
}

extension ServerAttachmentRepository {
    /// None: for a store that keeps attachments only in its record.
    public func attachmentLeftovers(account: AccountID, dryRun: Bool) async throws -> Int { 0 }

    /// Reads through `readAttachment`: for a store with nothing better to open.
    public func openAttachment(_ hash: AttachmentHash, account: AccountID) async throws -> any ServerAttachmentReader {
        try await RepositoryAttachmentReader(repository: self, hash: hash, account: account)
    }
}

/// How much of an attachment the server holds.
public struct ServerAttachment: Equatable, Sendable {
    /// The bytes that arrived so far (the size, once whole).
    public let received: Int64
    public let isComplete: Bool

    public init(received: Int64, isComplete: Bool) {
        self.received = received
        self.isComplete = isComplete
    }
}
