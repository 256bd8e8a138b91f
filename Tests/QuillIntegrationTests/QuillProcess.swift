import Foundation
import ChildProcesses
import Testing

/// Runs the built `quill` executable, as a user would, in a temporary home.
struct QuillProcess {
    let home: String

    /// A fresh, not yet existing `$QUILL_HOME` under the temporary directory.
    static func withFreshHome() -> QuillProcess {
        QuillProcess(home: FileManager.default.temporaryDirectory.appendingPathComponent("quill-it-\(UUID().uuidString)").path)
    }

    /// The `quill` built next to this test bundle (override with `$QUILL_BINARY`).
    static var binary: String { BuiltProduct.path("quill", override: "QUILL_BINARY") }

    /// The config directory's base (`$XDG_CONFIG_HOME`), inside the home so that the user's own
    /// settings never reach a test and `removeHome` removes it too.
    var configHome: String { home + "/xdg-config" }

    /// The settings file `quill config set` writes.
    var settingsFile: String { configHome + "/quill/settings.json" }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUILL_HOME"] = home
        environment["XDG_CONFIG_HOME"] = configHome
        for variable in ["QUILL_COLOR", "QUILL_DATES", "QUILL_EDITOR", "QUILL_EXPORT_LEVEL", "QUILL_LIST_LIMIT", "QUILL_HISTORY_KEEP"] {
            environment[variable] = nil
        }
        return environment
    }

    /// Runs `quill`; `extra` adds to (or overrides) its environment.
    @discardableResult
    func run(_ arguments: [String], input: Data? = nil, extra: [String: String] = [:]) async throws -> ProcessOutput {
        try await ChildProcess.run(QuillProcess.binary, arguments, environment: environment.merging(extra) { $1 }, input: input)
    }

    /// Runs and expects success, returning standard output without its final newline.
    func succeed(
        _ arguments: [String], input: Data? = nil, extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let result = try await run(arguments, input: input, extra: extra)
        #expect(result.status == 0, "quill \(arguments): \(result.errors)", sourceLocation: sourceLocation)
        return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
    }

    func listedIDs() async throws -> [String] {
        let json = try await succeed(["list", "--json"])
        let notes = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return notes.compactMap { $0["id"] as? String }
    }

    func removeHome() {
        try? FileManager.default.removeItem(atPath: home)
    }
}
