import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing

/// The built `quill-server` executable, run as a person would run it.
final class ServerProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The `quill-server` built next to this test bundle (override with `$QUILL_SERVER_BINARY`).
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["QUILL_SERVER_BINARY"] { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("quill-server").path
    }

    private let process: Process
    private let errors = LogBuffer()
    let port: Int

    /// Starts `quill-server ARGUMENTS` and waits until it says which port it listens on.
    init(_ arguments: [String]) async throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let errors = self.errors
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            errors.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        var found: Int?
        for _ in 0..<300 where found == nil {
            found = errors.text.withLock { ServerProcess.listeningPort(in: $0) }
            if found == nil {
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        guard let found else {
            process.terminate()
            throw Failure(description: "quill-server did not start: \(errors.text.withLock { $0 })")
        }
        port = found
    }

    var log: String { errors.text.withLock { $0 } }

    /// Sends `signal` and waits for the exit status.
    func stop(_ signal: Int32 = SIGTERM) async throws -> Int32 {
        kill(process.processIdentifier, signal)
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        guard !process.isRunning else {
            process.terminate()
            throw Failure(description: "quill-server did not stop on signal \(signal)")
        }
        return process.terminationStatus
    }

    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(log[range.upperBound...].prefix(while: \.isNumber))
    }

    /// Runs a short `quill-server` command to completion: (status, standard output, standard error).
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// One HTTP request to this server: (status, body).
    func request(_ method: String, _ path: String, token: String?, json: String? = nil,
                 headers: [String: String] = [:]) async throws -> (status: Int, body: String) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw Failure(description: "bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}

/// What the server wrote to standard error so far, filled from the pipe's reader thread.
final class LogBuffer: Sendable {
    let text = Mutex<String>("")
}

enum NoteJSONSample {
    static func note(_ id: String, title: String = "Hello") -> String {
        """
        {"body":"text","created":"2026-01-01T00:00:00.000Z","deleted":false,"format":1,"id":"\(id)",\
        "revision":1,"tags":[],"title":"\(title)","updated":"2026-01-01T00:00:00.000Z"}
        """
    }
}
