import Foundation
import StandardInterfaces

/// Keeps accounts and the hashes of their bearer tokens.
///
/// Exists apart from the note repository because authentication is its own concern:
/// the auth middleware needs only this, and a token's secret never reaches any store.
public protocol AccountRepository: Sendable {
    /// Creates an account holding one token, or none (an account made at its first sign-in
    /// through the identity provider). Throws `ServerStoreError.accountNameTaken`.
    func createAccount(named name: String, token: StoredToken?) async throws -> Account
    /// The account with this ID; `nil` if there is none (it was deleted).
    func account(id: AccountID) async throws -> Account?
    /// The stored token with this public ID, and its account; `nil` if there is none.
    func token(id: TokenID) async throws -> (token: StoredToken, account: Account)?
    /// Gives an existing account one more token. Throws `ServerStoreError.accountNotFound`.
    func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account
    /// The account's tokens, oldest first, without their hashes (`account tokens`).
    /// Throws `ServerStoreError.accountNotFound`.
    func tokens(ofAccountNamed name: String) async throws -> [TokenSummary]
    /// Forgets a token, so it no longer authenticates; `false` if there was no such token.
    func removeToken(id: TokenID) async throws -> Bool
    /// Every account with its counts and last token use, ordered by name.
    func accountSummaries() async throws -> [AccountSummary]
    /// Deletes the account, its notes, its stored push answers and its tokens, in one
    /// transaction. Throws `ServerStoreError.accountNotFound`.
    func deleteAccount(named name: String) async throws
    /// Records that the token authenticated a request at `date` from `address` (keeps the latest
    /// date, and the address with it). Called at most about once a minute per token, so it costs
    /// no write per request.
    func recordUse(ofToken id: TokenID, at date: Date, address: String?) async throws
}

/// What the server keeps of a bearer token: its public ID, the hash of its secret, and what
/// the token may do and for how long.
public struct StoredToken: Hashable, Sendable {
    public let id: TokenID
    public let hash: TokenHash
    public let scope: TokenScope
    /// What the person who issued it called it (`--label`), to tell tokens apart in a listing.
    public let label: String?
    /// When it was issued; `nil` for tokens issued before the store recorded it.
    public let created: Date?
    /// After this it no longer authenticates; `nil` for a token that does not expire.
    public let expires: Date?

    public init(id: TokenID, hash: TokenHash, scope: TokenScope = .full, label: String? = nil, created: Date? = nil, expires: Date? = nil) {
        self.id = id
        self.hash = hash
        self.scope = scope
        self.label = label
        self.created = created
        self.expires = expires
    }

    /// Whether the token has expired at `date` (it is valid up to, not including, `expires`).
    public func hasExpired(at date: Date) -> Bool {
        expires.map { date >= $0 } ?? false
    }
}
