import ScratchDirectories
import Testing
import FileSyncState
import Foundation
import SyncStateInterface
import SyncStateTesting

/// Every implementation of the sync-state ports, fakes and file adapters alike.
enum Implementation: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    case files

    var testDescription: String { rawValue }

    /// A fresh, empty directory for the file adapters (nothing is shared between tests).
    static func temporaryDirectory() throws -> String {
        try Scratch.directory("sync")
    }

    /// Two handles on the same storage: what a restarted process sees.
    func stateStores() throws -> (any SyncStateStoring, any SyncStateStoring) {
        switch self {
        case .inMemory:
            let store = InMemorySyncStateStore()
            return (store, store)
        case .files:
            let directory = try Self.temporaryDirectory()
            return (FileSyncStateStore(directory: directory), FileSyncStateStore(directory: directory))
        }
    }

    func baseRevisionStores() throws -> (any BaseRevisionStoring, any BaseRevisionStoring) {
        switch self {
        case .inMemory:
            let store = InMemoryBaseRevisionStore()
            return (store, store)
        case .files:
            let directory = try Self.temporaryDirectory()
            return (FileBaseRevisionStore(directory: directory), FileBaseRevisionStore(directory: directory))
        }
    }

    func credentialStores() throws -> (any CredentialStoring, any CredentialStoring) {
        switch self {
        case .inMemory:
            let store = InMemoryCredentialStore()
            return (store, store)
        case .files:
            let directory = try Self.temporaryDirectory()
            return (FileCredentialStore(directory: directory), FileCredentialStore(directory: directory))
        }
    }

    /// Two handles on one home's watcher record: this process's, and what another process sees.
    func watcherRegistries() throws -> (any WatcherRegistering, any WatcherRegistering) {
        switch self {
        case .inMemory:
            let registry = InMemoryWatcherRegistry(processID: getpid())
            return (registry, registry)
        case .files:
            let directory = try Self.temporaryDirectory()
            return (FileWatcherRegistry(directory: directory), FileWatcherRegistry(directory: directory))
        }
    }
}
