import Foundation
import QuillModels
import StandardInterfaces

/// A signed-in browser of the web reader, as the server keeps it.
///
/// Exists so that a session can be revoked and expired on the server, not only forgotten by
/// the browser, and listed on the Devices page. Only the hash of the cookie's secret is kept,
/// like a bearer token's; `id` is its public handle.
public struct WebSession: Hashable, Sendable {
    /// The public handle the Devices page and `DELETE /v1/devices/{id}` use: 16 hexadecimal digits.
    public let id: String
    /// The hash of the secret in the session cookie: how the session is found.
    public let secretHash: TokenHash
    public let account: AccountID
    /// The API token the person signed in with; the session lives only as long as that token.
    /// `nil` for a session opened through the identity provider, which has full access and
    /// lives until it expires, is ended, or its account is deleted.
    public let token: TokenID?
    /// The token every form of this session carries (CSRF protection).
    public let formToken: String
    public let created: Date
    public let expires: Date
    /// The browser it was opened in, shortened from its `User-Agent`; `nil` if it sent none.
    public let device: String?
    /// The client address of its latest recorded use (at sign-in, then at most once a minute).
    public var address: String?
    /// Its latest recorded use; `nil` for a session of the release before that recorded none.
    public var lastUsed: Date?
    /// The ID token the identity provider signed the person in with: sent back as `id_token_hint`
    /// when the person signs out, so that the provider ends its session too. `nil` for a token's session.
    public let identityToken: String?

    public init(id: String, secretHash: TokenHash, account: AccountID, token: TokenID?, formToken: String, created: Date, expires: Date,
                device: String? = nil, address: String? = nil, lastUsed: Date? = nil, identityToken: String? = nil) {
        self.id = id
        self.secretHash = secretHash
        self.account = account
        self.token = token
        self.formToken = formToken
        self.created = created.roundedToMilliseconds
        self.expires = expires.roundedToMilliseconds
        self.device = device
        self.address = address
        self.lastUsed = lastUsed?.roundedToMilliseconds
        self.identityToken = identityToken
    }
}
