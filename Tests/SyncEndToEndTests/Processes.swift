import Foundation
import ChildProcesses
import Testing

/// The package's `quill` under test (or `$QUILL_BINARY`); `ServerUnderTest` runs the server.
enum Binaries {
    static var quill: String { BuiltProduct.path("quill", override: "QUILL_BINARY") }
}

/// A temporary directory removed when the test is done with it.
func temporaryDirectory(_ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("quill-e2e-\(label)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// One `quill` user: their own data directory and config directory.
struct QuillHome {
    let root: String
    var extraEnvironment: [String: String] = [:]

    init() throws { root = try temporaryDirectory("home") }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUILL_HOME"] = root + "/data"
        environment["XDG_CONFIG_HOME"] = root + "/config"
        environment.removeValue(forKey: "QUILL_SERVER")
        environment.removeValue(forKey: "QUILL_TOKEN")
        environment.merge(extraEnvironment) { _, new in new }
        return environment
    }

    func run(_ arguments: [String]) async throws -> ProcessOutput {
        try await ChildProcess.run(Binaries.quill, arguments, environment: environment)
    }

    /// Runs and expects success; returns standard output without the final newline.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run(arguments)
        #expect(result.status == 0, "quill \(arguments.joined(separator: " ")): \(result.errors)", sourceLocation: sourceLocation)
        return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
    }

    /// Every note with its content, as `quill list --json` and `show --json` print them (tombstones excluded).
    func notes() async throws -> [String: String] {
        let listing = try await succeed(["list", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        var notes: [String: String] = [:]
        for item in items {
            guard let id = item["id"] as? String else { continue }
            let shown = try await succeed(["show", id, "--json"])
            let note = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any] ?? [:]
            notes[id] = "\(note["title"] ?? "")|\(note["body"] ?? "")"
        }
        return notes
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
