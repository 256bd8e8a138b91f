/// What one sync did, for `quill sync` to print.
public struct SyncReport: Hashable, Sendable {
    /// Server changes that changed the local store.
    public var pulled = 0
    /// Local changes the server accepted.
    public var pushed = 0
    /// Notes changed on both sides; each was resolved by the rule in docs/sync.md.
    public var conflicts = 0

    public init(pulled: Int = 0, pushed: Int = 0, conflicts: Int = 0) {
        self.pulled = pulled
        self.pushed = pushed
        self.conflicts = conflicts
    }
}

/// How far a running sync has got, for a progress line.
public enum SyncProgress: Hashable, Sendable {
    case pulling(received: Int)
    case pushing(sent: Int, of: Int)
}
