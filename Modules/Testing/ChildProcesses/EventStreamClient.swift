import Foundation

/// A client of `GET /v1/events` in its own process (`curl -N`), as a script or a browser holds
/// one: tests read the events it has received so far, and end it by stopping the process.
///
/// Exists so that the event stream is tested the way it is used, over a real connection that
/// stays open, and without a client library that would hide what the bytes on the wire are.
public final class EventStreamClient: Sendable {
    /// One event as it arrived: its name (`event:`), its ID (`id:`, if any) and its data line.
    public struct Event: Equatable, Sendable {
        public let name: String
        public let id: String?
        public let data: String
    }

    private let process: Process
    private let received = LockedData()

    /// Connects to `server`'s `/v1/events` with `token`, resuming after `lastEventID` if given.
    public init(_ server: String, token: String, lastEventID: String? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["curl", "-sSN", "-H", "Authorization: Bearer \(token)"]
        if let lastEventID { arguments += ["-H", "Last-Event-ID: \(lastEventID)"] }
        process.arguments = arguments + [server + "/v1/events"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let received = self.received
        pipe.fileHandleForReading.readabilityHandler = { handle in received.append(handle.availableData) }
        try process.run()
    }

    /// Everything received so far, as it arrived.
    public var text: String { String(decoding: received.get(), as: UTF8.self) }

    /// The complete events received so far (comments and `retry:` left out).
    public var events: [Event] {
        text.components(separatedBy: "\n\n").dropLast().compactMap { block in
            var name = "message", id: String?, data: String?
            for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            return data.map { Event(name: name, id: id, data: $0) }
        }
    }

    /// Whether the connection is still open (curl still runs).
    public var isOpen: Bool { process.isRunning }

    /// Waits until `count` events named `name` have arrived; throws (with what arrived) after `limit`.
    public func waitFor(_ count: Int, _ name: String, within limit: Duration = .seconds(10)) async throws {
        try await BoundedWait.until("\(count) '\(name)' events arrived; got:\n\(text)", within: limit) {
            events.filter { $0.name == name }.count >= count
        }
    }

    /// Closes the connection. (SIGKILL: a child of Foundation's `Process` starts with the test
    /// process's blocked signals, SIGTERM among them, so `terminate()` would not end it.)
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
