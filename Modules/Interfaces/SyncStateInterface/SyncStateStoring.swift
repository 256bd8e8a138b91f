import Foundation
import QuillModels
import SyncTransportInterface

/// Where a client stands with its server, kept between runs.
public struct SyncState: Hashable, Sendable {
    /// The server this state was made with (`nil` in one saved before it was kept): a cursor and
    /// base revisions mean nothing to another.
    public var server: URL?
    /// The change-feed position up to which pulled changes are applied locally.
    public var cursor: SyncCursor?
    /// When the last sync finished without error.
    public var lastSuccessfulSync: Date?
    /// The pushes that were sent (or about to be) but whose answers were not processed, oldest
    /// first (a sync keeps up to two in flight): each with its request ID *and* exactly the changes
    /// it carried. The next sync sends these same requests again, so the server answers each from
    /// its record (or applies it once), whatever was edited meanwhile.
    public var inFlightPushes: [PushRequest]
    /// Attachments that notes pushed from here refer to and that may not be on the server yet.
    public var attachmentsToSend: [AttachmentHash]
    /// Attachments that pulled notes refer to and that this device does not hold yet.
    public var attachmentsToFetch: [AttachmentHash]
    /// The largest attachment the server said it keeps, at the last successful sync (`nil`: not
    /// known), so that `quill attach` warns of a file the server would refuse, offline too.
    public var serverMaximumAttachmentBytes: Int64?

    public init(server: URL? = nil, cursor: SyncCursor? = nil, lastSuccessfulSync: Date? = nil, inFlightPushes: [PushRequest] = [],
                attachmentsToSend: [AttachmentHash] = [], attachmentsToFetch: [AttachmentHash] = [],
                serverMaximumAttachmentBytes: Int64? = nil) {
        self.server = server
        self.cursor = cursor
        self.lastSuccessfulSync = lastSuccessfulSync
        self.inFlightPushes = inFlightPushes
        self.attachmentsToSend = attachmentsToSend
        self.attachmentsToFetch = attachmentsToFetch
        self.serverMaximumAttachmentBytes = serverMaximumAttachmentBytes
    }
}

/// Keeps the `SyncState` durably.
///
/// Exists so that the engine can save its cursor after each applied page and each push batch
/// (with its request ID) before sending it, and a sync killed at any moment resumes where it stopped.
public protocol SyncStateStoring: Sendable {
    /// The saved state, or an empty one if nothing was saved yet.
    func load() async throws -> SyncState
    /// Replaces the saved state atomically: after a crash it is either the old or the new one.
    func save(_ state: SyncState) async throws
    /// Forgets everything (used by `quill logout`).
    func reset() async throws
}
