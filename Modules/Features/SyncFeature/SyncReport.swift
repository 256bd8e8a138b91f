import Foundation

/// What one sync did, for `quill sync` to print.
public struct SyncReport: Hashable, Sendable {
    /// Server changes that changed the local store.
    public var pulled = 0
    /// Local changes the server accepted.
    public var pushed = 0
    /// Notes changed on both sides; each was resolved by the rule in docs/sync.md.
    public var conflicts = 0
    /// Pushed edits the server merged with another device's edit of other lines (counted in
    /// `pushed` too): both edits are in the note, and no copy was made.
    public var merged = 0
    /// Attachments sent to the server, and fetched from it.
    public var attachmentsSent = 0
    public var attachmentsFetched = 0
    /// Attachments still to move: the next sync tries them again (one not on the server yet waits
    /// for the device that has it).
    public var attachmentsWaiting = 0
    /// Of those, attachments the server had no room for (its disk is full): they wait here until
    /// its administrator frees space.
    public var attachmentsWaitingForServerSpace = 0
    /// The server keeps no attachments (an older `quill-server`): notes synced, attachments wait.
    public var attachmentsUnsupported = false
    /// Attachments the server refused to take, each with why (its answer): too large for it, over
    /// the account's quota, or a read-only token. They stay on this device and in the list, so
    /// a sync after the server's limit is raised sends them; until then each sync says so again.
    public var attachmentsRefused: [AttachmentRefusal] = []
    /// The server this home's sync state was made with, when it was another and the state was
    /// forgotten before this sync (which then began from the start).
    public var startedAfreshFrom: URL?
    /// Notes of this home whose stored form could not be read: each set aside (its file kept) and
    /// replaced by the server's newest revision where the server has one.
    public var damagedNotes: [DamagedNote] = []

    public init(pulled: Int = 0, pushed: Int = 0, conflicts: Int = 0) {
        self.pulled = pulled
        self.pushed = pushed
        self.conflicts = conflicts
    }
}

/// What `quill repair` did: how many notes it read, and the damaged ones it set aside.
public struct RepairReport: Hashable, Sendable {
    public var checked = 0
    public var damaged: [DamagedNote] = []

    public init() {}
}

/// How far a running sync has got, for a progress line.
public enum SyncProgress: Hashable, Sendable {
    case pulling(received: Int)
    case pushing(sent: Int, of: Int)
}

/// What `SyncService.logout` did (`quill logout` says it).
public enum LogoutOutcome: Equatable, Sendable {
    case notLoggedIn
    /// Forgot the server and a token given with `--token` (it may serve other devices).
    case loggedOut
    /// Forgot the server, and revoked there the token it had issued to this device.
    case loggedOutAndRevoked
    /// Forgot the server, which could not be told to revoke this device's token: why.
    case loggedOutButNotRevoked(String)
}
