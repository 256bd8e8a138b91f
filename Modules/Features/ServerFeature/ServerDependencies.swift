import ByteStreamInterface
import CompressionInterface
import ServerStoreInterface
import StandardInterfaces

/// Everything the HTTP API needs from outside, as protocols; a composition root fills it in.
public struct ServerDependencies: Sendable {
    public var notes: any ServerNoteRepository
    public var accounts: any AccountRepository
    public var readiness: any ReadinessChecking
    /// Each account's attachments (`AttachmentRoutes`).
    public var attachments: any ServerAttachmentRepository
    /// The links between each account's notes (`LinkRoutes`, the web reader).
    public var links: any ServerLinkRepository
    /// The largest attachment and the per-account quota.
    public var attachmentLimits: AttachmentLimits
    public var hasher: any TokenHashing
    public var clock: any WallClock
    /// IDs for notes created without one (`POST /v1/notes` with only a title, say).
    public var ids: any NoteIDGenerating
    public var metrics: ServerMetrics
    /// gzip, for `GET /v1/export`.
    public var compression: any Compressing
    /// Where an export's manifest lines wait until the notes are written.
    public var scratch: any ScratchStorage

    public init(notes: any ServerNoteRepository, accounts: any AccountRepository, readiness: any ReadinessChecking,
                attachments: any ServerAttachmentRepository, links: any ServerLinkRepository, attachmentLimits: AttachmentLimits = AttachmentLimits(), hasher: any TokenHashing, clock: any WallClock, ids: any NoteIDGenerating, metrics: ServerMetrics, compression: any Compressing,
                scratch: any ScratchStorage) {
        self.notes = notes
        self.accounts = accounts
        self.readiness = readiness
        self.attachments = attachments
        self.links = links
        self.attachmentLimits = attachmentLimits
        self.hasher = hasher
        self.clock = clock
        self.ids = ids
        self.metrics = metrics
        self.compression = compression
        self.scratch = scratch
    }
}
