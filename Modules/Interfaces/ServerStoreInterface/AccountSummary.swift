import Foundation

/// One line of `quill-server account list`: an account and what it holds.
///
/// Exists so that a person running a server can see who uses it and which accounts are
/// idle, without reading the database by hand.
public struct AccountSummary: Hashable, Sendable {
    public let account: Account
    /// When the account was created; `nil` for accounts created before the store recorded it.
    public let created: Date?
    /// Live notes (tombstones not counted).
    public let noteCount: Int
    public let tokenCount: Int
    /// The latest recorded use of any of its tokens (recorded at most once a minute per token
    /// and server process); `nil` if none was used since the store began recording.
    public let lastUsed: Date?

    public init(account: Account, created: Date?, noteCount: Int, tokenCount: Int, lastUsed: Date?) {
        self.account = account
        self.created = created
        self.noteCount = noteCount
        self.tokenCount = tokenCount
        self.lastUsed = lastUsed
    }
}
