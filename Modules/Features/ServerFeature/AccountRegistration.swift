import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Creates, lists and deletes accounts and manages their bearer tokens
/// (`quill-server account create|list|delete|token|revoke`).
///
/// A new token is returned once, to be shown once; only its hash is stored. An account may
/// hold several tokens (one per machine, say), so one can be revoked without the others, and a
/// token may be read-only, labelled and expiring, for an integration that should do less.
public struct AccountRegistration: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidName(String)
        case notAToken(String)
        case invalidLabel
        case expiryInThePast(Date)

        public var description: String {
            switch self {
            case .invalidName(let name):
                "'\(name)' is not an account name: use 1 to 64 letters, digits, '.', '-' or '_'"
            case .notAToken(let text):
                "'\(text)' is neither a token (quill_<id>_<secret>) nor a token ID (the hexadecimal part after quill_)"
            case .invalidLabel:
                "a token's label is 1 to 100 characters without control characters"
            case .expiryInThePast(let date):
                "the expiry \(date.ISO8601Format()) is not in the future"
            }
        }
    }

    let accounts: any AccountRepository
    let tokens: any TokenGenerating
    let hasher: any TokenHashing
    let clock: any WallClock

    public init(accounts: any AccountRepository, tokens: any TokenGenerating, hasher: any TokenHashing, clock: any WallClock) {
        self.accounts = accounts
        self.tokens = tokens
        self.hasher = hasher
        self.clock = clock
    }

    public func register(name: String) async throws -> (account: Account, token: BearerToken) {
        guard Self.isValidName(name) else { throw Failure.invalidName(name) }
        let token = tokens.generate()
        let account = try await Self.createAccount(named: name, token: stored(token, scope: .full, label: nil, expires: nil), in: accounts)
        return (account, token)
    }

    /// Creates an account unless one is named alike but for case: `bob` and `BOB` would be two
    /// accounts a person cannot tell apart in a list, and an administrator could delete the wrong
    /// one. The stores hold a name unique as written; names that differ only in case, made
    /// before this check, are left as they are. Throws `ServerStoreError.accountNameTaken` naming
    /// the account that exists. Used by `quill-server account create` and the identity
    /// provider's sign-in alike.
    static func createAccount(named name: String, token: StoredToken?, in accounts: any AccountRepository) async throws -> Account {
        let folded = CaseFolding.lowercased(name)
        if let taken = try await accounts.accountSummaries().first(where: { CaseFolding.lowercased($0.account.name) == folded }) {
            throw ServerStoreError.accountNameTaken(taken.account.name)
        }
        return try await accounts.createAccount(named: name, token: token)
    }

    /// Whether `name` may name an account: 1 to 64 letters, digits, `.`, `-` or `_`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.unicodeScalars.allSatisfy(isNameCharacter)
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
    }

    /// One more token for an existing account, with what it may do (`scope`), a `label` to tell
    /// it apart, and when it stops working (`expires`, in the future; `nil`: never).
    /// Throws `ServerStoreError.accountNotFound`.
    public func issueToken(forAccountNamed name: String, scope: TokenScope = .full, label: String? = nil,
                           expires: Date? = nil) async throws -> BearerToken {
        if let label, !(1...100).contains(label.count) || label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw Failure.invalidLabel
        }
        if let expires, expires <= clock.now() { throw Failure.expiryInThePast(expires) }
        let token = tokens.generate()
        _ = try await accounts.addToken(stored(token, scope: scope, label: label, expires: expires), toAccountNamed: name)
        return token
    }

    /// The time tokens are dated and expiries are judged by.
    public func now() -> Date { clock.now() }

    /// The account's tokens, oldest first, without secrets. Throws `ServerStoreError.accountNotFound`.
    public func tokens(ofAccountNamed name: String) async throws -> [TokenSummary] {
        try await accounts.tokens(ofAccountNamed: name)
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

    private func stored(_ token: BearerToken, scope: TokenScope, label: String?, expires: Date?) -> StoredToken {
        StoredToken(id: token.id, hash: hasher.hash(token.secret), scope: scope, label: label, created: clock.now(), expires: expires)
    }
}
