import Foundation
import Logging
import MCP

/// A transport that knows which requests it has not answered yet, so that a server whose input
/// ends still answers what it was asked before it stops.
///
/// Exists because the SDK's `Server` handles each request in a task of its own and its receive
/// loop ends with the input: `echo '…' | quill mcp`, or a client that writes its last request and
/// closes the pipe, would get no answer. `MCPToolServer` waits for `untilAnswered(within:)`
/// before it stops the server.
actor AnsweringTransport: Transport {
    private let inner: any Transport
    nonisolated let logger: Logger
    private var unanswered: Set<String> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ inner: any Transport, logger: Logger) {
        self.inner = inner
        self.logger = logger
    }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    /// An answer that cannot be written (the client has gone) counts as given: nobody waits for it.
    func send(_ data: Data) async throws {
        defer {
            for id in Self.ids(in: data, answers: true) { unanswered.remove(id) }
            if unanswered.isEmpty { resumeWaiting() }
        }
        try await inner.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let messages = inner
        return AsyncThrowingStream { continuation in
            let forwarding = Task {
                do {
                    for try await data in await messages.receive() {
                        self.asked(Self.ids(in: data, answers: false))
                        continuation.yield(data)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in forwarding.cancel() }
        }
    }

    /// Returns once every request received so far has been answered, or after `limit`.
    func untilAnswered(within limit: Duration) async {
        guard !unanswered.isEmpty else { return }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: limit)
            await self?.resumeWaiting()
        }
        await withCheckedContinuation { waiting.append($0) }
        timer.cancel()
    }

    private func asked(_ ids: [String]) {
        unanswered.formUnion(ids)
    }

    private func resumeWaiting() {
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// The JSON-RPC IDs of the requests (a method and an ID) or of the answers (an ID and a
    /// result or an error) in `data`, one message or a batch; a number and a string are told apart.
    static func ids(in data: Data, answers: Bool) -> [String] {
        guard let parsed = try? JSONSerialization.jsonObject(with: data) else { return [] }
        let messages = (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any])].compactMap { $0 }
        return messages.compactMap { message in
            let kind = answers ? message["result"] != nil || message["error"] != nil : message["method"] is String
            guard kind else { return nil }
            switch message["id"] {
            case let text as String: return "s" + text
            case let number as NSNumber: return "n" + number.stringValue
            default: return nil
            }
        }
    }
}
