import Foundation
import NoteStoreInterface
import QuillModels

/// A store every method of which fails the test: the default of the test root, so a test
/// that did not ask for a store proves the code under test never touches one.
public struct UnimplementedNoteStore: NoteStore {
    public init() {}

    public func note(id: NoteID) async throws -> Note? { throw unimplemented("NoteStore.note(id:)") }
    public func purge(_ ids: [NoteID]) async throws { throw unimplemented("NoteStore.purge") }
    public func setAsideDamaged(_ id: NoteID) async throws -> String? { throw unimplemented("NoteStore.setAsideDamaged") }
    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        throw unimplemented("NoteStore.pruneHistory")
    }
    public func importedNotes(_ importID: String) async throws -> [ImportedNote]? { throw unimplemented("NoteStore.importedNotes") }
    public func history(of id: NoteID) async throws -> [NoteRevision] { throw unimplemented("NoteStore.history(of:)") }
    public func list(_ query: NoteQuery) async throws -> NoteListing { throw unimplemented("NoteStore.list") }
    public func ids(withPrefix prefix: String, includingDeleted: Bool) async throws -> [NoteID] { throw unimplemented("NoteStore.ids(withPrefix:includingDeleted:)") }
    public func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws { throw unimplemented("NoteStore.apply") }
    public func createInBulk<T: Sendable>(
        origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T
    ) async throws -> T {
        throw unimplemented("NoteStore.createInBulk")
    }
    public func pendingChanges() async throws -> [NoteID] { throw unimplemented("NoteStore.pendingChanges") }
    public func acknowledge(_ revisions: [NoteID: Int]) async throws { throw unimplemented("NoteStore.acknowledge") }
}
