import SyncStateInterface

/// Keeps credentials in memory: the fake behind `CredentialStoring`.
public actor InMemoryCredentialStore: CredentialStoring {
    private var credentials: Credentials?

    public init(_ credentials: Credentials? = nil) { self.credentials = credentials }

    public func load() async throws -> Credentials? { credentials }

    public func save(_ credentials: Credentials) async throws { self.credentials = credentials }

    public func remove() async throws { credentials = nil }
}
