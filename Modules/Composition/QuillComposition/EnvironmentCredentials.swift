import Foundation
import SyncStateInterface

/// Credentials with `QUILL_SERVER` / `QUILL_TOKEN` taking precedence over the saved ones.
///
/// `QUILL_SERVER` is named as `quill login` names a server (`ServerAddress`), and refused when it
/// is no server's address rather than tried as one.
///
/// Lives in the composition root because reading the process environment is a decision of
/// the app, not of the credential store: each variable overrides its half of what
/// `quill login` saved, and saving or removing always acts on the saved file.
struct EnvironmentCredentials: CredentialStoring {
    /// Thrown when there is nowhere to save credentials (neither HOME nor XDG_CONFIG_HOME).
    struct NoConfigDirectory: Error, CustomStringConvertible {
        var description: String { "cannot tell where to keep the credentials: set HOME or XDG_CONFIG_HOME" }
    }

    let saved: (any CredentialStoring)?
    let server: String?
    let token: String?

    init(saved: (any CredentialStoring)?, environment: [String: String]) {
        self.saved = saved
        server = environment["QUILL_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        token = environment["QUILL_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func load() async throws -> Credentials? {
        let stored = try await saved?.load()
        guard let token = token ?? stored?.token else { return nil }
        let url: URL
        if let server {
            guard let named = ServerAddress.url(parsing: server) else { throw ServerAddress.Invalid(text: server, source: "QUILL_SERVER") }
            url = named
        } else if let saved = stored?.server {
            url = saved
        } else {
            return nil
        }
        // A token from the environment is not the one the server issued to this device.
        return Credentials(server: url, token: token, issuedToThisDevice: self.token == nil && (stored?.issuedToThisDevice ?? false))
    }

    func save(_ credentials: Credentials) async throws {
        guard let saved else { throw NoConfigDirectory() }
        try await saved.save(credentials)
    }

    func remove() async throws { try await saved?.remove() }
}
