import Foundation

/// Which server to sync with and the token that proves who we are.
public struct Credentials: Hashable, Sendable, Codable {
    public var server: URL
    public var token: String

    public init(server: URL, token: String) {
        self.server = server
        self.token = token
    }
}

/// Keeps the sync credentials.
///
/// Exists so that `quill login`/`logout` and the sync command never name a file: the live
/// adapter writes a 0600 file in the config directory, tests use memory.
public protocol CredentialStoring: Sendable {
    /// The saved credentials, or `nil` when not logged in.
    func load() async throws -> Credentials?
    func save(_ credentials: Credentials) async throws
    /// Removes saved credentials; does nothing if there are none.
    func remove() async throws
}
