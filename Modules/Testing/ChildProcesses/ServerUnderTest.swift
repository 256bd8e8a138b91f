import Foundation

/// The package's `quill-server` (or `$QUILL_SERVER_BINARY`), run on 127.0.0.1 for tests that talk
/// to a real server: the sync transport's contract suite and the end-to-end sync tests.
public enum ServerUnderTest {
    public static var executable: String { BuiltProduct.path("quill-server", override: "QUILL_SERVER_BINARY") }

    /// Starts `quill-server serve` on a port chosen by the kernel.
    /// `storage` is `["--data-dir", DIR]` (SQLite) or `["--database", URL]` (PostgreSQL).
    public static func start(storage: [String]) async throws -> ListeningServer {
        try await ListeningServer(executable, ["serve", "--host", "127.0.0.1", "--port", "0"] + storage)
    }

    /// Creates an account with `quill-server account create` and returns its token.
    public static func createAccount(_ name: String, storage: [String]) async throws -> String {
        let result = try await ChildProcess.run(executable, ["account", "create", name] + storage)
        guard result.status == 0 else { throw AccountNotCreated(errors: result.errors) }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `quill-server account create` failed; `errors` is what it printed.
public struct AccountNotCreated: Error, CustomStringConvertible {
    public let errors: String
    public var description: String { "quill-server account create failed: \(errors)" }
}
