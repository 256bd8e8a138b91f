import QuillModels
import ClockInterface
import RandomnessInterface
import SyncStateInterface
import SyncTransportInterface
import Testing

/// Records an unexpected call as a failure of the running test and returns the error to throw.
private func unimplemented(_ endpoint: String) -> SyncError {
    Issue.record(Comment(rawValue: "unimplemented: \(endpoint) was called, but the test did not provide it"))
    return .badResponse("unimplemented: \(endpoint)")
}

/// Sync doubles that fail the test when touched: the test root's default, so a command test
/// that does not expect to sync proves it does not.
public enum UnimplementedSync {
    public struct Transport: SyncTransport {
        public init() {}
        public func serverInfo() async throws(SyncError) -> ServerInfo { throw unimplemented("SyncTransport.serverInfo") }
        public func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
            throw unimplemented("SyncTransport.changes")
        }
        public func push(_ request: PushRequest) async throws(SyncError) -> [PushResult] {
            throw unimplemented("SyncTransport.push")
        }
    }

    public struct StateStore: SyncStateStoring {
        public init() {}
        public func load() async throws -> SyncState { throw unimplemented("SyncStateStoring.load") }
        public func save(_ state: SyncState) async throws { throw unimplemented("SyncStateStoring.save") }
        public func reset() async throws { throw unimplemented("SyncStateStoring.reset") }
    }

    public struct BaseRevisions: BaseRevisionStoring {
        public init() {}
        public func baseRevisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
            throw unimplemented("BaseRevisionStoring.baseRevisions")
        }
        public func record(_ revisions: [NoteID: Int]) async throws { throw unimplemented("BaseRevisionStoring.record") }
        public func reset() async throws { throw unimplemented("BaseRevisionStoring.reset") }
    }

    public struct CredentialStore: CredentialStoring {
        public init() {}
        public func load() async throws -> Credentials? { throw unimplemented("CredentialStoring.load") }
        public func save(_ credentials: Credentials) async throws { throw unimplemented("CredentialStoring.save") }
        public func remove() async throws { throw unimplemented("CredentialStoring.remove") }
    }

    public struct Sleeper: Sleeping {
        public init() {}
        public func sleep(for duration: Duration) async throws { throw unimplemented("Sleeping.sleep") }
    }

    public struct Random: RandomSource {
        public init() {}
        public func nextUInt64() -> UInt64 {
            _ = unimplemented("RandomSource.nextUInt64")
            return 0
        }
    }
}
