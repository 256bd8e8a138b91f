import Crypto
import Foundation
import ChildProcesses
import HTTPSyncTransport
import QuillModels
import ScratchDirectories
import SyncStateInterface
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// The `SyncTransport` implementations the contract suite runs on.
enum Implementation: String, CustomTestStringConvertible, Sendable, CaseIterable {
    /// The in-memory `FakeSyncServer`.
    case fake
    /// `HTTPSyncTransport` talking to a real `quill-server` (SQLite) on 127.0.0.1.
    case http

    var testDescription: String { rawValue }

    /// A transport onto a fresh, empty account, and what to call when the test is done.
    func makeTransport() async throws -> (transport: any SyncTransport, finish: @Sendable () -> Void) {
        switch self {
        case .fake:
            return (FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) }), {})
        case .http:
            let storage = ["--data-dir", try Scratch.directory("contract")]
            let token = try await ServerUnderTest.createAccount("contract", storage: storage)
            let server = try await ServerUnderTest.start(storage: storage)
            let url = try #require(URL(string: server.url))
            let transport = HTTPSyncTransport(credentials: Credentials(server: url, token: token), timeout: 30)
            return (transport, { server.terminate() })
        }
    }
}
