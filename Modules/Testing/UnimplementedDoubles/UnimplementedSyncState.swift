import Foundation
import QuillModels
import SyncStateInterface

/// A sync state store that fails the test when used.
public struct UnimplementedSyncStateStore: SyncStateStoring {
    public init() {}
    public func load() async throws -> SyncState { throw unimplemented("SyncStateStoring.load") }
    public func save(_ state: SyncState) async throws { throw unimplemented("SyncStateStoring.save") }
    public func reset() async throws { throw unimplemented("SyncStateStoring.reset") }
}

/// A base-revision store that fails the test when used.
public struct UnimplementedBaseRevisionStore: BaseRevisionStoring {
    public init() {}
    public func baseRevisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
        throw unimplemented("BaseRevisionStoring.baseRevisions")
    }
    public func record(_ revisions: [NoteID: Int]) async throws { throw unimplemented("BaseRevisionStoring.record") }
    public func reset() async throws { throw unimplemented("BaseRevisionStoring.reset") }
}

/// A credential store that fails the test when used.
public struct UnimplementedCredentialStore: CredentialStoring {
    public init() {}
    public func load() async throws -> Credentials? { throw unimplemented("CredentialStoring.load") }
    public func save(_ credentials: Credentials) async throws { throw unimplemented("CredentialStoring.save") }
    public func remove() async throws { throw unimplemented("CredentialStoring.remove") }
}

/// A watcher registry that fails the test when used.
public struct UnimplementedWatcherRegistry: WatcherRegistering {
    public init() {}
    public func whileWatching<T: Sendable>(started: Date, _ body: () async throws -> T) async throws -> T {
        throw unimplemented("WatcherRegistering.whileWatching")
    }
    public func current() async throws -> WatcherRecord? { throw unimplemented("WatcherRegistering.current") }
}
