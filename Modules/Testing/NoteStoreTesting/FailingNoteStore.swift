import Foundation
import NoteStoreInterface
import QuillModels
import Synchronization

/// A store that throws a chosen error from chosen operations and otherwise forwards to
/// another store: for testing how features report a store that fails.
public final class FailingNoteStore: NoteStore {
    /// The operations that can be made to fail.
    public enum Operation: Hashable, Sendable {
        case read, list, write, pending, acknowledge
    }

    private let base: any NoteStore
    private let failures: Mutex<[Operation: NoteStoreError]>

    public init(wrapping base: any NoteStore, failing failures: [Operation: NoteStoreError]) {
        self.base = base
        self.failures = Mutex(failures)
    }

    /// Changes which operations fail, e.g. to let a retry succeed.
    public func setFailure(_ error: NoteStoreError?, for operation: Operation) {
        failures.withLock { $0[operation] = error }
    }

    public func note(id: NoteID) async throws -> Note? {
        try check(.read)
        return try await base.note(id: id)
    }

    public func purge(_ ids: [NoteID]) async throws {
        try check(.write)
        try await base.purge(ids)
    }

    public func setAsideDamaged(_ id: NoteID) async throws -> String? {
        try check(.write)
        return try await base.setAsideDamaged(id)
    }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        try check(.write)
        return try await base.pruneHistory(retention, now: now, dryRun: dryRun)
    }

    public func importedNotes(_ importID: String) async throws -> [ImportedNote]? {
        try check(.read)
        return try await base.importedNotes(importID)
    }

    public func history(of id: NoteID) async throws -> [NoteRevision] {
        try check(.read)
        return try await base.history(of: id)
    }

    public func list(_ query: NoteQuery) async throws -> NoteListing {
        try check(.list)
        return try await base.list(query)
    }

    public func ids(withPrefix prefix: String, includingDeleted: Bool) async throws -> [NoteID] {
        try check(.read)
        return try await base.ids(withPrefix: prefix, includingDeleted: includingDeleted)
    }

    public func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws {
        try check(.write)
        try await base.apply(writes, origin: origin)
    }

    public func createInBulk<T: Sendable>(
        origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T
    ) async throws -> T {
        try check(.write)
        return try await base.createInBulk(origin: origin, fill)
    }

    public func pendingChanges() async throws -> [NoteID] {
        try check(.pending)
        return try await base.pendingChanges()
    }

    public func acknowledge(_ revisions: [NoteID: Int]) async throws {
        try check(.acknowledge)
        try await base.acknowledge(revisions)
    }

    private func check(_ operation: Operation) throws {
        if let error = failures.withLock({ $0[operation] }) { throw error }
    }
}
