import Foundation
import QuillModels
import SyncStateInterface
import SyncTransportInterface
import Testing

@Suite("SyncStateStoring contract", .scratchDirectory)
struct SyncStateStoringContractTests {
    @Test("Starts empty", arguments: Implementation.allCases)
    func startsEmpty(_ implementation: Implementation) async throws {
        let (store, _) = try implementation.stateStores()
        #expect(try await store.load() == SyncState())
    }

    @Test("What is saved is loaded back, also by a new handle (a restarted process)", arguments: Implementation.allCases)
    func roundTrips(_ implementation: Implementation) async throws {
        let (store, reopened) = try implementation.stateStores()
        let date = Date(millisecondsSince1970: 1_795_000_000_123)
        let created = try Note(id: #require(NoteID("a1")), title: "New ✓", body: "line 1\nline 2", tags: [Tag("x")],
                               created: date, updated: date, revision: 3)
        let edited = try Note(id: #require(NoteID("b2")), title: "Edited", body: "", tags: [], created: date,
                              updated: date.addingTimeInterval(1.5), revision: 7).deleted(at: date.addingTimeInterval(2))
        let push = PushRequest(requestID: "0123456789abcdef",
                               changes: [OutgoingChange(note: created, baseRevision: nil), OutgoingChange(note: edited, baseRevision: 4)])
        let second = PushRequest(requestID: "second", changes: [OutgoingChange(note: created.deleted(at: date), baseRevision: 3)],
                                 since: SyncCursor("42"), asksAppliedByRevision: true)
        let toSend = try #require(AttachmentHash(String(repeating: "1f", count: 32)))
        let toFetch = try #require(AttachmentHash(String(repeating: "e0", count: 32)))
        let state = SyncState(server: URL(string: "https://notes.example.com/quill"), cursor: SyncCursor("42"), lastSuccessfulSync: date, inFlightPushes: [push, second],
                              attachmentsToSend: [toSend], attachmentsToFetch: [toFetch, toSend], serverMaximumAttachmentBytes: 100 << 20)
        try await store.save(state)
        let loaded = try await reopened.load()
        #expect(loaded == state, "\(loaded) vs \(state)")
        try await store.save(SyncState(cursor: SyncCursor("43")))
        #expect(try await reopened.load() == SyncState(cursor: SyncCursor("43")))
    }

    @Test("As pushes go out and land, each save is what loads, also by a new handle", arguments: Implementation.allCases)
    func pushesInFlightComeAndGo(_ implementation: Implementation) async throws {
        let (store, reopened) = try implementation.stateStores()
        let date = Date(millisecondsSince1970: 1_795_000_000_000)
        let pushes = try (1...3).map { index in
            PushRequest(requestID: "request-\(index)", changes: [OutgoingChange(note: try Note(
                id: #require(NoteID("a\(index)")), title: "Note \(index)", body: "body", tags: [], created: date, updated: date,
                revision: 1), baseRevision: nil)], since: SyncCursor("\(index)"))
        }
        for flight in [[0], [0, 1], [1], [1, 2], [2], []] {
            let state = SyncState(cursor: SyncCursor("\(flight.count)"), inFlightPushes: flight.map { pushes[$0] })
            try await store.save(state)
            #expect(try await reopened.load() == state, "flight \(flight)")
        }
    }

    @Test("Reset forgets everything; resetting twice is fine", arguments: Implementation.allCases)
    func resets(_ implementation: Implementation) async throws {
        let (store, reopened) = try implementation.stateStores()
        try await store.save(SyncState(cursor: SyncCursor("7")))
        try await store.reset()
        try await store.reset()
        #expect(try await reopened.load() == SyncState())
    }
}
