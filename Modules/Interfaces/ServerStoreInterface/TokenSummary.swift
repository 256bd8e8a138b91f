import Foundation
import StandardInterfaces

/// One line of `quill-server account tokens NAME`: a token as its owner sees it, never its
/// secret or hash.
///
/// Exists so that a person can tell which token is which (by label, scope and last use)
/// before revoking one.
public struct TokenSummary: Hashable, Sendable {
    public let id: TokenID
    public let scope: TokenScope
    public let label: String?
    /// `nil` for tokens issued before the store recorded it.
    public let created: Date?
    /// The latest recorded use (at most once a minute per token and server process).
    public let lastUsed: Date?
    /// The client address of the latest recorded use; `nil` if none was recorded.
    public let lastAddress: String?
    public let expires: Date?

    public init(id: TokenID, scope: TokenScope, label: String?, created: Date?, lastUsed: Date?, lastAddress: String? = nil, expires: Date?) {
        self.id = id
        self.scope = scope
        self.label = label
        self.created = created
        self.lastUsed = lastUsed
        self.lastAddress = lastAddress
        self.expires = expires
    }
}
