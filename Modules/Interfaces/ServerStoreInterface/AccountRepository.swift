/// Keeps accounts and the hashes of their bearer tokens.
///
/// Exists apart from the note repository because authentication is its own concern:
/// the auth middleware needs only this, and a token's secret never reaches any store.
public protocol AccountRepository: Sendable {
    /// Creates an account holding one token. Throws `ServerStoreError.accountNameTaken`.
    func createAccount(named name: String, token: StoredToken) async throws -> Account
    /// The stored token with this public ID, and its account; `nil` if there is none.
    func token(id: TokenID) async throws -> (token: StoredToken, account: Account)?
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
