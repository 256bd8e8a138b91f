import QuillModels
import SyncStateInterface
import Testing

@Suite("BaseRevisionStoring contract", .scratchDirectory)
struct BaseRevisionStoringContractTests {
    let a = NoteID("aa")!, b = NoteID("bb")!, c = NoteID("cc")!

    @Test("Unknown notes are absent", arguments: Implementation.allCases)
    func unknownIsAbsent(_ implementation: Implementation) async throws {
        let (store, _) = try implementation.baseRevisionStores()
        #expect(try await store.baseRevisions(of: [a, b]).isEmpty)
    }

    @Test("Records are read back by a new handle; the highest revision wins", arguments: Implementation.allCases)
    func recordsAndKeepsHighest(_ implementation: Implementation) async throws {
        let (store, reopened) = try implementation.baseRevisionStores()
        try await store.record([a: 3, b: 1])
        try await store.record([a: 2, b: 4])
        try await store.record([:])
        #expect(try await reopened.baseRevisions(of: [a, b, c]) == [a: 3, b: 4])
        try await reopened.record([c: 9])
        #expect(try await reopened.baseRevisions(of: [c]) == [c: 9])
    }

    @Test("Reset forgets everything", arguments: Implementation.allCases)
    func resets(_ implementation: Implementation) async throws {
        let (store, reopened) = try implementation.baseRevisionStores()
        try await store.record([a: 1])
        try await store.reset()
        #expect(try await reopened.baseRevisions(of: [a]).isEmpty)
    }
}
