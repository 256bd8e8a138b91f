import Foundation
import QuillModels
import SyncStateInterface

/// Keeps the sync credentials in `credentials.json` in the config directory, mode 0600,
/// replaced atomically so a crash never leaves half a token.
public struct FileCredentialStore: CredentialStoring {
    private struct FileShape: Codable {
        var server: String
        var token: String
        /// Absent from the files of earlier releases, whose tokens were all given with `--token`.
        var issuedToThisDevice: Bool?
    }

    public let path: String

    public init(directory: String) { path = directory + "/credentials.json" }

    public func load() async throws -> Credentials? {
        guard let data = try DurableFile.read(path) else { return nil }
        guard let shape = try? JSONDecoder().decode(FileShape.self, from: data), let server = URL(string: shape.server) else {
            throw DurableFile.Failure(path: path, reason: "not a credentials file; run `quill login` again")
        }
        return Credentials(server: server, token: shape.token, issuedToThisDevice: shape.issuedToThisDevice ?? false)
    }

    public func save(_ credentials: Credentials) async throws {
        let data = try NoteJSON.encoder.encode(FileShape(server: credentials.server.absoluteString, token: credentials.token,
                                                              issuedToThisDevice: credentials.issuedToThisDevice ? true : nil))
        try DurableFile.replace(path, with: data)
    }

    public func remove() async throws { try DurableFile.remove(path) }
}
