import ServerStoreInterface

/// Creates an account and its one bearer token (`quill-server account create NAME`).
///
/// The token is returned once, to be shown once; only its hash is stored.
public struct AccountRegistration: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidName(String)

        public var description: String {
            switch self {
            case .invalidName(let name):
                "'\(name)' is not an account name: use 1 to 64 letters, digits, '.', '-' or '_'"
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
        let account = try await accounts.createAccount(named: name, token: StoredToken(id: token.id, hash: hasher.hash(token.secret)))
        return (account, token)
    }
}
