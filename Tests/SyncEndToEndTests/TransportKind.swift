import Foundation
import HTTPSyncTransport
import ChildProcesses
import SyncStateInterface
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// The `SyncTransport` implementations the contract suite runs on.
enum TransportKind: String, CustomTestStringConvertible, Sendable, CaseIterable {
    /// The in-memory `FakeSyncServer`.
    case fake
    /// `HTTPSyncTransport` talking to a real `quill-server` (SQLite) on 127.0.0.1.
    case http

    var testDescription: String { rawValue }

    /// A transport onto a fresh, empty account, and what to call when the test is done.
    func makeTransport() async throws -> (transport: any SyncTransport, finish: @Sendable () -> Void) {
        switch self {
        case .fake:
            return (FakeSyncServer(), {})
        case .http:
            let data = try temporaryDirectory("contract")
            let storage = ["--data-dir", data]
            let token = try ServerUnderTest.createAccount("contract", storage: storage)
            let server = try await ServerUnderTest.start(storage: storage)
            guard let url = URL(string: server.url) else { throw BadServerURL(url: server.url) }
            let transport = HTTPSyncTransport(credentials: Credentials(server: url, token: token), timeout: 10)
            return (transport, {
                server.terminate()
                try? FileManager.default.removeItem(atPath: data)
            })
        }
    }
}
