import Foundation
import QuillModels
import ServerStoreInterface

/// From a share's secret to the note its page shows, or to why it shows none: the one way the
/// shared page, its button and its attachments find what they serve.
public struct SharedNoteLookup: Sendable {
    /// What a secret leads to.
    public enum Outcome: Sendable {
        /// No share has this secret: `404`.
        case unknown
        /// The share exists and shows nothing now: `410`.
        case gone(ShareRules.State)
        /// The share and the revision of the note it shows.
        case shown(Share, Note)
    }

    let shares: any ShareStore
    let notes: any ServerNoteRepository

    public init(shares: any ShareStore, notes: any ServerNoteRepository) {
        self.shares = shares
        self.notes = notes
    }

    /// What `secret` leads to at `now`; with `acceptingUsedUp` (an attachment request whose grant
    /// holds, `ShareRules.grantHolds`), a share whose views are used up still shows its note.
    public func lookUp(secret: String, at now: Date, acceptingUsedUp: Bool = false) async throws -> Outcome {
        guard ShareRules.isSecretShaped(secret), let share = try await shares.share(secret: secret) else { return .unknown }
        let state = ShareRules.state(of: share, at: now)
        guard state == .active || (state == .usedUp && acceptingUsedUp) else { return .gone(state) }
        guard let shown = try await shownRevision(of: share) else { return .gone(.noteGone) }
        return .shown(share, shown)
    }

    /// The state `share` is in for its owner's listing: `noteGone` as well when its note or
    /// frozen revision is no longer there.
    public func state(of share: Share, at now: Date) async throws -> ShareRules.State {
        let state = ShareRules.state(of: share, at: now)
        guard state == .active else { return state }
        return try await shownRevision(of: share) == nil ? .noteGone : .active
    }

    /// The revision of the note `share` shows (its snapshot, else the note as it is now); `nil`
    /// when the note is deleted or the snapshot is no longer kept.
    private func shownRevision(of share: Share) async throws -> Note? {
        guard let current = try await notes.note(share.note, account: share.account), !current.isDeleted else { return nil }
        guard let snapshot = share.snapshot, snapshot != current.revision else { return current }
        return try await notes.revision(snapshot, of: share.note, account: share.account)
    }
}
