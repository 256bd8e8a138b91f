import Foundation

/// Which server to sync with and the token that proves who we are.
public struct Credentials: Hashable, Sendable, Codable {
    public var server: URL
    public var token: String
    /// Whether the server issued the token to this device (`quill login` without `--token`), so
    /// that `quill logout` revokes it there; a token given with `--token` may serve other devices too.
    public var issuedToThisDevice: Bool

    public init(server: URL, token: String, issuedToThisDevice: Bool = false) {
        self.server = server
        self.token = token
        self.issuedToThisDevice = issuedToThisDevice
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
