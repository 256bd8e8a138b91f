import Testing
import SyncInterface
import SyncTesting

/// The `SyncTransport` implementations the contract suite runs on.
enum TransportKind: String, CustomTestStringConvertible, Sendable {
    case fake

    static var available: [TransportKind] { [.fake] }

    var testDescription: String { rawValue }

    /// A transport onto a fresh, empty account.
    func makeTransport() async throws -> any SyncTransport {
        switch self {
        case .fake: FakeSyncServer()
        }
    }
}
