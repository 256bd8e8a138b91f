import Foundation
import QuillModels
@testable import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import Testing

/// Push replay as `PushReplay` decides it: a kept answer names an applied change by its revision
/// (the retry carries the note again) and keeps a conflict whole; answers kept whole before read
/// as they were; the same request ID with other changes is refused.
@Suite struct PushReplayTests {
    static let date = Date(timeIntervalSince1970: 1_767_603_600)

    static func note(_ id: String, title: String = "A title", body: String = "body") throws -> Note {
        try Note(id: #require(NoteID(id)), title: title, body: body, tags: [], created: date, updated: date)
    }

    @Test func appliedChangesAreKeptAsTheirRevisionAndReadBackWhole() throws {
        let pushed = [try Self.note("a1", title: "first", body: "a body long enough to notice"), try Self.note("a2", title: "second")]
        let server = try Self.note("a2", title: "the server's").withRevision(4)
        let changes = [PushedChange(note: pushed[0], baseRevision: nil, mayMerge: false), PushedChange(note: pushed[1], baseRevision: 2, mayMerge: false)]
        let outcomes: [PushOutcome] = [.applied(try pushed[0].withRevision(1)), .conflict(server)]
        let kept = PushReplay.kept(outcomes)
        #expect(!kept.contains("a body long enough"))
        #expect(kept.hasPrefix("[1,{"))
        let requestID = try #require(PushRequestID("p"))
        #expect(try PushReplay.outcomes(kept: kept, changes: changes, requestID: requestID) == outcomes)
        let whole = String(decoding: try NoteJSON.encoder.encode(outcomes), as: UTF8.self)
        #expect(try PushReplay.outcomes(kept: whole, changes: [], requestID: requestID) == outcomes)
        #expect(throws: ServerStoreError.self) { try PushReplay.outcomes(kept: kept, changes: [], requestID: requestID) }
    }

    /// The rule over a store: a retry is answered as the first push was, without applying anything;
    /// other changes under the same ID are refused; after the retention the push is decided again.
    @Test func aRetryGetsTheFirstAnswerAndAReusedIDIsRefused() async throws {
        let store = InMemoryServerStore()
        let account = try await store.createAccount(named: "ann", token: nil).id
        let replay = PushReplay(store), requestID = try #require(PushRequestID("r1"))
        let first = [PushedChange(note: try Self.note("a1"), baseRevision: nil, mayMerge: false)]
        let answer = try await replay.push(first, requestID: requestID, account: account, at: Self.date)
        #expect(answer.outcomes.map(\.status) == [.applied])
        #expect(try await replay.push(first, requestID: requestID, account: account, at: Self.date.addingTimeInterval(60)) == answer)
        let other = [PushedChange(note: try Self.note("b1"), baseRevision: nil, mayMerge: false)]
        await #expect(throws: ServerStoreError.pushRequestReused(requestID)) {
            try await replay.push(other, requestID: requestID, account: account, at: Self.date)
        }
        #expect(try await store.note(try #require(NoteID("b1")), account: account) == nil)
        let late = Self.date.addingTimeInterval(PushReplay.retention + 1)
        #expect(try await replay.pushOutcomes(first, requestID: requestID, account: account, at: late).map(\.status) == [.conflict])
    }
}
