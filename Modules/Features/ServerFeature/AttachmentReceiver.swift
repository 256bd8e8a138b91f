import Crypto
import QuillModels
import ServerStoreInterface

/// Keeps an attachment whose hash is known only once its last byte has arrived: a file sent in
/// a browser's form, which no script hashed first (docs/attachments.md).
///
/// Exists because an account's attachments are kept under their hash (`ServerAttachmentRepository`).
/// The bytes are kept as they arrive, in constant memory, under a staging key of their own, and
/// hashed on the way; at the end they are copied under their hash (unless the account holds
/// that attachment already) and the staging copy is dropped. An upload stopped midway leaves a
/// partial attachment no note refers to, which `quill-server attachments gc` collects. The
/// largest size and the quota (`AttachmentLimits`) are checked as the bytes arrive, so nothing
/// over them is kept.
public struct AttachmentReceiver {
    /// Why the bytes were not kept; what was kept of them is dropped.
    public enum Failure: Error, Equatable {
        case tooLarge(maximumBytes: Int64)
        case overQuota(quotaBytes: Int64)
        /// The staged bytes went before they were copied (collected meanwhile): send them again.
        case stagingLost
    }

    private let repository: any ServerAttachmentRepository
    private let signals: any ChangeSignaling
    private let account: AccountID
    private let staging: AttachmentHash
    private let maximumBytes: Int64
    private let quota: (bytes: Int64, room: Int64)?
    private var hasher = SHA256()
    private var received: Int64 = 0
    private var pending: [UInt8] = []

    /// Starts receiving into `account`; the staging key comes from the server's ID generator,
    /// so no two uploads share one.
    public init(account: AccountID, dependencies: ServerDependencies) async throws {
        repository = dependencies.attachments
        signals = dependencies.changeSignals
        self.account = account
        staging = AttachmentHash(digest: SHA256.hash(data: Array("quill staged upload \(dependencies.ids.next())".utf8)))!
        maximumBytes = dependencies.attachmentLimits.maximumBytes
        if let quotaBytes = dependencies.attachmentLimits.quotaBytes {
            quota = (quotaBytes, quotaBytes - (try await repository.attachmentUsage(account: account)))
        } else {
            quota = nil
        }
    }

    /// Why `count` more bytes would be refused; `nil` if they fit.
    public func refusal(adding count: Int64) -> Failure? {
        let size = received + Int64(pending.count) + count
        if size > maximumBytes { return .tooLarge(maximumBytes: maximumBytes) }
        if let quota, size > quota.room { return .overQuota(quotaBytes: quota.bytes) }
        return nil
    }

    /// Keeps `bytes`, after those that came before.
    public mutating func receive(_ bytes: some Collection<UInt8>) async throws {
        if let refusal = refusal(adding: Int64(bytes.count)) { throw refusal }
        pending.append(contentsOf: bytes)
        if pending.count >= AttachmentRoutes.pieceBytes { try await keepPending() }
    }

    /// Puts the bytes under their hash and returns it with their size.
    public mutating func finish() async throws -> (hash: AttachmentHash, size: Int64) {
        try await keepPending()
        let hash = AttachmentHash(digest: hasher.finalize())!
        if try await repository.attachment(hash, account: account)?.isComplete != true {
            // A partial upload of the same hash (a sync stopped midway) is replaced: these bytes are known whole.
            try await repository.discardAttachment(hash, account: account)
            var offset = try await repository.appendAttachment(hash, account: account, offset: 0, bytes: []).received
            while offset < received {
                let bytes = try await repository.readAttachment(staging, account: account, offset: offset, count: AttachmentRoutes.pieceBytes)
                guard !bytes.isEmpty else {
                    try await repository.discardAttachment(hash, account: account)
                    throw Failure.stagingLost
                }
                offset = try await repository.appendAttachment(hash, account: account, offset: offset, bytes: bytes).received
            }
            try await repository.completeAttachment(hash, account: account)
            await signals.announce(.attachment(sha256: hash.hex, size: received), to: account)
        }
        try await repository.discardAttachment(staging, account: account)
        return (hash, received)
    }

    /// Drops what was kept; for an upload that failed or was refused.
    public func abandon() async {
        try? await repository.discardAttachment(staging, account: account)
    }

    private mutating func keepPending() async throws {
        guard !pending.isEmpty || received == 0 else { return }
        hasher.update(data: pending)
        received = try await repository.appendAttachment(staging, account: account, offset: received, bytes: pending).received
        pending.removeAll(keepingCapacity: true)
    }
}
