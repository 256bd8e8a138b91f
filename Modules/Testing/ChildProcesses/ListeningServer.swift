import Foundation

/// A server process that a test starts and stops, found ready when it logs the port it listens on.
///
/// Exists so that every integration test runs `quill-server` the way a person does (its own
/// process, port 0, a signal to stop) and learns the port the kernel chose from its log.
public final class ListeningServer: Sendable {
    private let process: Process
    private let errors = LockedData()
    public let port: Int

    /// Starts `executable ARGUMENTS` and waits until standard error says
    /// `listening on http://127.0.0.1:PORT`; throws with the log if it stops or takes too long.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let errors = self.errors
        pipe.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        try process.run()
        var found: Int?
        for _ in 0..<400 where found == nil {
            found = Self.listeningPort(in: String(decoding: errors.get(), as: UTF8.self))
            if found == nil {
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        guard let found else {
            process.terminate()
            throw ServerDidNotStart(log: String(decoding: errors.get(), as: UTF8.self))
        }
        port = found
    }

    public var url: String { "http://127.0.0.1:\(port)" }

    /// Everything the server wrote to standard error so far.
    public var log: String { String(decoding: errors.get(), as: UTF8.self) }

    /// Sends `signal` and waits (up to 10 s) for the exit status.
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM) async throws -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        guard !process.isRunning else {
            process.terminate()
            throw ServerDidNotStop(signal: signal)
        }
        return process.terminationStatus
    }

    /// Stops the server (SIGTERM) and waits for it: for clean-up code, which cannot await.
    public func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// A test that failed before stopping its server does not leave it running.
    deinit { terminate() }

    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(log[range.upperBound...].prefix(while: \.isNumber))
    }
}

/// The server exited or never said where it listens.
public struct ServerDidNotStart: Error, CustomStringConvertible {
    public let log: String
    public var description: String { "the server did not start: \(log)" }
}

/// The server kept running after the signal.
public struct ServerDidNotStop: Error, CustomStringConvertible {
    public let signal: Int32
    public var description: String { "the server did not stop on signal \(signal)" }
}
