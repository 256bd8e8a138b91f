import Hummingbird
import HummingbirdTesting
import Logging
import ServerFeature
import Synchronization
import Testing

/// Issue 4: one structured log line per request, with its status and duration.
@Suite struct RequestLogTests {
    @Test func everyRequestGetsOneLineWithStatusAndDuration() async throws {
        let lines = CapturedLogLines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        try await TestServer.make().test(logger: logger) { client in
            try await client.send(.get, "/healthz", as: .some(nil))
            try await client.send(.get, "/v1/notes/ff")
            try await client.send(.get, "/no/such/route", as: .some(nil))
            try await client.send(.post, "/v1/notes", json: "{ not json")
        }
        let requests = lines.all.filter { $0.metadata["http.status"] != nil }
        #expect(requests.map(\.message).map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
            "GET /healthz 200", "GET /v1/notes/ff 404", "GET /no/such/route 404", "POST /v1/notes 400",
        ])
        for line in requests {
            #expect(line.level == .info)
            #expect(line.message.hasSuffix("ms"))
            #expect(line.metadata["duration_ms"].flatMap { Double("\($0)") } != nil, "\(line.metadata)")
        }
    }
}

extension RequestLogTests {
    /// The text format's line (`requestLogFields: false`): everything in the message, no field repeating it.
    @Test func withoutFieldsTheLineSaysItAllInItsMessage() async throws {
        let lines = CapturedLogLines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let server = try await TestServer.make()
        let router = try ServerApplication.router(server.dependencies, requestLogFields: false, pages: { _ in })
        let token = server.alice
        try await ServerApplication.application(router: router, host: "127.0.0.1", port: 0, logger: logger).test(.router) { client in
            _ = try await client.execute(uri: "/v1/notes/ff", method: .get, headers: [.authorization: "Bearer \(token)"])
        }
        let request = try #require(lines.all.first { $0.message.hasPrefix("GET /v1/notes/ff ") })
        #expect(request.level == .info && request.message.hasPrefix("GET /v1/notes/ff 404 ") && request.message.hasSuffix("ms"))
        #expect(request.metadata["http.status"] == nil && request.metadata["duration_ms"] == nil, "\(request.metadata)")
    }
}

/// Log lines kept for a test to read.
final class CapturedLogLines: Sendable {
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    private let lines = Mutex<[Line]>([])

    var all: [Line] { lines.withLock { $0 } }

    func append(_ line: Line) { lines.withLock { $0.append(line) } }
}

/// A swift-log handler that keeps every line in a `CapturedLogLines`.
struct CapturingLogHandler: LogHandler {
    let lines: CapturedLogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append(.init(level: event.level, message: event.message.description,
                           metadata: metadata.merging(event.metadata ?? [:]) { _, new in new }))
    }
}
