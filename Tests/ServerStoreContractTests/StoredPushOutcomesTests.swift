import Foundation
import QuillModels
import ServerStoreInterface
import Testing

/// A push's kept answer names an applied change by its revision (the retry carries the note
/// again) and keeps a conflict whole; answers kept whole before read as they were.
@Suite struct StoredPushOutcomesTests {
    @Test func appliedChangesAreKeptAsTheirRevisionAndReadBackWhole() throws {
        let pushed = [try Sample.note("a1", title: "first", body: "a body long enough to notice"), try Sample.note("a2", title: "second")]
        let server = try Sample.note("a2", title: "the server's").withRevision(4)
        let changes = [PushedChange(note: pushed[0], baseRevision: nil, mayMerge: false), PushedChange(note: pushed[1], baseRevision: 2, mayMerge: false)]
        let outcomes: [PushOutcome] = [.applied(try pushed[0].withRevision(1)), .conflict(server)]
        let kept = StoredPushOutcomes.encoded(outcomes)
        #expect(!kept.contains("a body long enough"))
        #expect(kept.hasPrefix("[1,{"))
        let requestID = try #require(PushRequestID("p"))
        #expect(try StoredPushOutcomes.decoded(kept, changes: changes, requestID: requestID) == outcomes)
        let whole = String(decoding: try NoteJSON.encoder.encode(outcomes), as: UTF8.self)
        #expect(try StoredPushOutcomes.decoded(whole, changes: [], requestID: requestID) == outcomes)
        #expect(throws: ServerStoreError.self) { try StoredPushOutcomes.decoded(kept, changes: [], requestID: requestID) }
    }
}
