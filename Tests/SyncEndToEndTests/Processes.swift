import Foundation
import Synchronization
import Testing

/// Where the test executables are: next to this test bundle (or `$QUILL_BINARY` / `$QUILL_SERVER_BINARY`).
enum Binaries {
    static func path(_ name: String, override variable: String) -> String {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }

    static var quill: String { path("quill", override: "QUILL_BINARY") }
    static var server: String { path("quill-server", override: "QUILL_SERVER_BINARY") }
}

struct ProcessResult {
    let status: Int32
    let output: String
    let errors: String
}

/// Runs a program to completion and captures its output.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                         errors: String(decoding: errorData, as: UTF8.self))
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

    func run(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(Binaries.quill, arguments, environment: environment)
    }

    /// Runs and expects success; returns standard output without the final newline.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments)
        #expect(result.status == 0, "quill \(arguments.joined(separator: " ")): \(result.errors)", sourceLocation: sourceLocation)
        return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
    }

    /// Every note with its content, as `quill list --json` and `show --json` print them (tombstones excluded).
    func notes() throws -> [String: String] {
        let listing = try succeed(["list", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        var notes: [String: String] = [:]
        for item in items {
            guard let id = item["id"] as? String else { continue }
            let shown = try succeed(["show", id, "--json"])
            let note = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any] ?? [:]
            notes[id] = "\(note["title"] ?? "")|\(note["body"] ?? "")"
        }
        return notes
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// A running `quill-server` on 127.0.0.1, port chosen by the kernel.
final class ServerUnderTest: Sendable {
    private let process: Process
    private let log = ServerLog()
    let port: Int
    let storage: [String]

    /// `storage` is `["--data-dir", DIR]` (SQLite) or `["--database", URL]` (PostgreSQL).
    init(storage: [String]) async throws {
        self.storage = storage
        process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.server)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + storage
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let log = self.log
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            log.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        var found: Int?
        for _ in 0..<400 where found == nil {
            found = log.text.withLock { text in
                text.range(of: "listening on http://127.0.0.1:").flatMap { Int(text[$0.upperBound...].prefix(while: \.isNumber)) }
            }
            if found == nil {
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        guard let found else {
            process.terminate()
            throw ServerFailure(description: "quill-server did not start: \(log.text.withLock { $0 })")
        }
        port = found
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Creates an account with `quill-server account create` and returns its token.
    static func createAccount(_ name: String, storage: [String]) throws -> String {
        let result = try runProcess(Binaries.server, ["account", "create", name] + storage,
                                    environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw ServerFailure(description: "account create failed: \(result.errors)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// What the server wrote to stderr so far, filled from the pipe's reader thread.
final class ServerLog: Sendable {
    let text = Mutex("")
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String
}
