import Testing
import Foundation
import NoteStoreInterface
import QuillModels
import SyncFeature
import SyncInterface
import SyncTesting
import SystemInterface
import SystemTesting
import NoteStoreTesting

let day0 = Date(timeIntervalSince1970: 1_795_000_000)

func makeNote(_ hex: String, _ title: String, body: String = "", revision: Int = 1, at date: Date = day0) throws -> Note {
    try Note(id: #require(NoteID(hex)), title: title, body: body, tags: [], created: date, updated: date, revision: revision)
}

/// One `quill` home: a store and its sync state, talking to the server over `transport`.
struct Client {
    let store = InMemoryNoteStore()
    var state: any SyncStateStoring = InMemorySyncStateStore()
    let bases = InMemoryBaseRevisionStore()
    let sleeper = RecordingSleeper()
    var transport: any SyncTransport
    /// What the engine writes through (the plain store unless a test injects failures).
    var engineStore: (any NoteStore)?
    var policy = RetryPolicy(maximumAttempts: 5, initialDelay: .milliseconds(100), maximumDelay: .seconds(2))

    init(transport: any SyncTransport) { self.transport = transport }

    func engine(seed: UInt64 = 1) -> SyncEngine {
        SyncEngine(store: engineStore ?? store, transport: transport, state: state, baseRevisions: bases, clock: FixedClock(day0),
                   sleeper: sleeper, random: SeededRandomSource(seed: seed), retryPolicy: policy, pageSize: 3)
    }

    @discardableResult
    func sync() async throws -> SyncReport { try await engine().sync() }

    /// Edits a note the way `quill edit` does: a new local revision.
    func edit(_ id: NoteID, body: String) async throws {
        let current = try #require(await store.note(id: id))
        try await store.update(current.revised(body: body, at: day0.addingTimeInterval(60)), expectedRevision: current.revision)
    }

    func delete(_ id: NoteID) async throws {
        let current = try #require(await store.note(id: id))
        try await store.update(current.deleted(at: day0.addingTimeInterval(60)), expectedRevision: current.revision)
    }
}

extension InMemoryNoteStore {
    /// Every note, tombstones included, ordered by ID.
    func allNotes() -> [Note] {
        list(NoteQuery(includeDeleted: true)).notes.map(\.id).sorted().compactMap { note(id: $0) }
    }
}
