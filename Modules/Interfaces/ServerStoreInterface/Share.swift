import Foundation
import QuillModels
import StandardInterfaces

/// A link that shows one note to anyone who has it, without signing in (docs/sharing.md).
///
/// The value the stores keep and the rules (`ShareRules`) read: which note, frozen at which
/// revision or not, until when, for how many views, and whether it was revoked.
public struct Share: Hashable, Sendable {
    /// The public handle `quill share list` shows and `quill share revoke` takes.
    public let id: ShareID
    /// The token in the share's URL (`/s/<secret>`): 256 random bits as 64 hexadecimal digits.
    public let secret: String
    public let account: AccountID
    public let note: NoteID
    /// The revision the page shows, frozen when shared; `nil`: the note as it is now.
    public let snapshot: Int?
    public let created: Date
    /// When the link stops working; `nil`: never.
    public let expires: Date?
    /// How many times a person may open it; `nil`: without limit.
    public let viewLimit: Int?
    /// How many times a person has opened it.
    public var views: Int
    /// When its owner revoked it.
    public var revoked: Date?

    public init(id: ShareID, secret: String, account: AccountID, note: NoteID, snapshot: Int?, created: Date, expires: Date?,
                viewLimit: Int?, views: Int = 0, revoked: Date? = nil) {
        self.id = id
        self.secret = secret
        self.account = account
        self.note = note
        self.snapshot = snapshot
        // Kept to the millisecond, as every store keeps dates.
        self.created = created.roundedToMilliseconds
        self.expires = expires?.roundedToMilliseconds
        self.viewLimit = viewLimit
        self.views = views
        self.revoked = revoked?.roundedToMilliseconds
    }
}

/// A share's public handle: 1...32 lowercase hexadecimal characters (16 when made).
public struct ShareID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init?(_ rawValue: String) {
        guard TokenID(rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
