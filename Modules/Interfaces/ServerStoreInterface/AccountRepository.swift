import Foundation
import TokenSecurityInterface

/// Keeps accounts and the hashes of their bearer tokens.
///
/// Exists apart from the note repository because authentication is its own concern:
/// the auth middleware needs only this, and a token's secret never reaches any store.
public protocol AccountRepository: Sendable {
    /// Creates an account holding one token. Throws `ServerStoreError.accountNameTaken`.
    func createAccount(named name: String, token: StoredToken) async throws -> Account
    /// The stored token with this public ID, and its account; `nil` if there is none.
    func token(id: TokenID) async throws -> (token: StoredToken, account: Account)?
    /// Gives an existing account one more token. Throws `ServerStoreError.accountNotFound`.
    func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account
    /// Forgets a token, so it no longer authenticates; `false` if there was no such token.
    func removeToken(id: TokenID) async throws -> Bool
    /// Every account with its counts and last token use, ordered by name.
    func accountSummaries() async throws -> [AccountSummary]
    /// Deletes the account, its notes, its stored push answers and its tokens, in one
    /// transaction. Throws `ServerStoreError.accountNotFound`.
    func deleteAccount(named name: String) async throws
    /// Records that the token authenticated a request at `date` (keeps the latest date).
    /// Called at most about once a minute per token, so it costs no write per request.
    func recordUse(ofToken id: TokenID, at date: Date) async throws
}

/// What the server keeps of a bearer token: its public ID and the hash of its secret.
public struct StoredToken: Hashable, Sendable {
    public let id: TokenID
    public let hash: TokenHash

    public init(id: TokenID, hash: TokenHash) {
        self.id = id
        self.hash = hash
    }
}
