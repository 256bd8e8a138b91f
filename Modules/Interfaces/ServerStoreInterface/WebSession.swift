import Foundation
import ServerStoreInterface
import StandardInterfaces

/// A signed-in browser of the web reader, as the server keeps it.
///
/// Exists so that a session can be revoked and expired on the server, not only forgotten by
/// the browser. Only the hash of the cookie's secret is kept, like a bearer token's.
public struct WebSession: Hashable, Sendable {
    /// The hash of the secret in the session cookie: how the session is found.
    public let secretHash: TokenHash
    public let account: AccountID
    /// The API token the person signed in with; the session lives only as long as that token.
    public let token: TokenID
    /// The token every form of this session carries (CSRF protection).
    public let formToken: String
    public let created: Date
    public let expires: Date

    public init(secretHash: TokenHash, account: AccountID, token: TokenID, formToken: String, created: Date, expires: Date) {
        self.secretHash = secretHash
        self.account = account
        self.token = token
        self.formToken = formToken
        self.created = created
        self.expires = expires
    }
}
