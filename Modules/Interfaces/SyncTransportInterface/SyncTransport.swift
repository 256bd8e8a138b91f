import QuillModels

/// Talks to the sync server: the one job of the remote side of sync.
///
/// Exists so that the sync engine speaks in Quill's own values (notes, cursors, push batches)
/// and never in HTTP: the live adapter maps these calls to the v1 API, while tests use an
/// in-memory server behind a scripted, flaky network.
public protocol SyncTransport: Sendable {
    /// The server's API version, checked before anything else.
    func serverInfo() async throws(SyncError) -> ServerInfo
    /// The notes written after `cursor` (`nil` = from the beginning), tombstones included.
    func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage
    /// Sends local changes; the server answers once per change, in order. Sending the same
    /// `requestID` again returns the first results without applying anything twice.
    func push(_ request: PushRequest) async throws(SyncError) -> PushReply
    /// Every revision the server keeps of the note, newest first (deleted notes too), each with
    /// where it came from: what `quill history --server` shows. Empty if the server has no such note.
    func history(of id: NoteID) async throws(SyncError) -> [NoteRevision]
    /// How much of the attachment the server holds.
    func attachment(_ hash: AttachmentHash) async throws(SyncError) -> RemoteAttachment
    /// Sends `count` bytes of an attachment of `total` bytes in one request, from `offset` (which
    /// must be where what the server holds ends), taking them from `source` a piece at a time as
    /// the request goes; answers what the server then holds: whole once every byte arrived and
    /// they hash to `hash`. A request cut midway leaves the server holding what arrived.
    func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                          total: Int64) async throws(SyncError) -> RemoteAttachment
    /// Hands the bytes of a whole attachment, from `offset` to its end, to `receive` a piece at a
    /// time as they arrive, in one request (each piece's memory is valid only during the call, so
    /// nothing is copied on the way). Throws a `SyncError`, or what `receive` throws.
    func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws
    /// Follows the account's changes as they happen, from after `cursor` (`nil`: from now), handing
    /// each event to `receive` in order as it arrives. Returns when the server ends the stream;
    /// throws when it cannot be opened or breaks; stops when the calling task is cancelled.
    func followEvents(after cursor: SyncCursor?, _ receive: @Sendable (ServerEvent) async -> Void) async throws(SyncError)
}

extension SyncTransport {
    /// Sends `bytes`, already in memory, at `offset`.
    public func uploadAttachment(_ hash: AttachmentHash, bytes: [UInt8], offset: Int64, total: Int64) async throws(SyncError) -> RemoteAttachment {
        try await uploadAttachment(hash, from: BytesUploadSource(bytes), offset: offset, count: Int64(bytes.count), total: total)
    }
}
