import ServerStoreInterface
import TokenSecurityInterface

/// Creates, lists and deletes accounts and manages their bearer tokens
/// (`quill-server account create|list|delete|token|revoke`).
///
/// A new token is returned once, to be shown once; only its hash is stored. An account may
/// hold several tokens (one per machine, say), so one can be revoked without the others.
public struct AccountRegistration: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidName(String)
        case notAToken(String)

        public var description: String {
            switch self {
            case .invalidName(let name):
                "'\(name)' is not an account name: use 1 to 64 letters, digits, '.', '-' or '_'"
            case .notAToken(let text):
                "'\(text)' is neither a token (quill_<id>_<secret>) nor a token ID (the hexadecimal part after quill_)"
            }
        }
    }

    let accounts: any AccountRepository
    let tokens: any TokenGenerating
    let hasher: any TokenHashing

    public init(accounts: any AccountRepository, tokens: any TokenGenerating, hasher: any TokenHashing) {
        self.accounts = accounts
        self.tokens = tokens
        self.hasher = hasher
    }

    public func register(name: String) async throws -> (account: Account, token: BearerToken) {
        guard (1...64).contains(name.count),
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) })
        else { throw Failure.invalidName(name) }
        let token = tokens.generate()
        let account = try await accounts.createAccount(named: name, token: stored(token))
        return (account, token)
    }

    /// One more token for an existing account. Throws `ServerStoreError.accountNotFound`.
    public func issueToken(forAccountNamed name: String) async throws -> BearerToken {
        let token = tokens.generate()
        _ = try await accounts.addToken(stored(token), toAccountNamed: name)
        return token
    }

    /// Revokes a token given whole or by its ID; `false` if no such token was stored.
    /// A running server stops accepting it within `TokenLookupCache.lifetime`.
    public func revoke(_ text: String) async throws -> Bool {
        guard let id = BearerToken(parsing: text)?.id ?? TokenID(text) else { throw Failure.notAToken(text) }
        return try await accounts.removeToken(id: id)
    }

    /// Every account, with its note and token counts and last token use.
    public func list() async throws -> [AccountSummary] {
        try await accounts.accountSummaries()
    }

    /// Deletes an account with its notes and tokens. Throws `ServerStoreError.accountNotFound`.
    /// A running server stops accepting its tokens within `TokenLookupCache.lifetime`.
    public func delete(name: String) async throws {
        try await accounts.deleteAccount(named: name)
    }

    private func stored(_ token: BearerToken) -> StoredToken {
        StoredToken(id: token.id, hash: hasher.hash(token.secret))
    }
}
