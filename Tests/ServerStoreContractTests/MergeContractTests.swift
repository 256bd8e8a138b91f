import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import StandardTesting
import Testing

/// A push based on an older revision, by a client that takes merges: every store merges edits of
/// different lines (`PushRule`, `ThreeWayMerge`) from the ancestor its history keeps, records the
/// merge in the history, answers a retry alike, and keeps a conflict for overlapping edits, for a
/// client that does not take merges, and for an ancestor the history no longer holds.
@Suite struct MergeContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)

    /// Base revision 1 ("one two three four"), then another device's edit of the last line (2).
    static func twoEdits(in store: some ServerNoteRepository & AccountRepository) async throws -> (AccountID, Note, Note) {
        let account = try await store.newAccount("alice")
        let base = try await store.create(try Sample.note("a1", title: "Plan", body: "one\ntwo\nthree\nfour\n"), account: account)
        let other = try await store.replace(try base.revised(body: "one\ntwo\nthree\nFOUR\n", at: Sample.date.addingTimeInterval(1)),
                                            account: account, ifRevision: 1, origin: .api)
        return (account, base, other)
    }

    @Test(arguments: implementations)
    func aStalePushOfOtherLinesIsMergedAndTheHistorySaysSo(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let (account, base, other) = try await Self.twoEdits(in: store)
            let mine = try base.revised(body: "ONE\ntwo\nthree\nfour\n", at: Sample.date.addingTimeInterval(2))
            let push = [PushedChange(note: mine, baseRevision: 1, mayMerge: true)]
            let requestID = try #require(PushRequestID("m1"))
            let outcomes = try await PushReplay(store).pushOutcomes(push, requestID: requestID, account: account, at: Sample.date)
            #expect(outcomes.map(\.status) == [.merged])
            let merged = try #require(try outcomes.first?.note.note())
            #expect(merged.body == "ONE\ntwo\nthree\nFOUR\n" && merged.revision == 3 && merged.title == "Plan")
            #expect(try await store.note(base.id, account: account) == merged)
            let history = try await store.history(of: base.id, account: account)
            #expect(history.map(\.number) == [3, 2, 1])
            #expect(history.first?.mergeAncestor == 1 && history.first?.origin == .sync)
            #expect(history.dropFirst().allSatisfy { $0.mergeAncestor == nil })
            #expect(history.dropFirst().first?.note == other)
            // A retry is answered from the record, merged as before.
            let again = try await PushReplay(store).pushOutcomes(push, requestID: requestID, account: account, at: Sample.date)
            #expect(again == outcomes)
            #expect(try await store.revision(1, of: base.id, account: account) == base)
            #expect(try await store.revision(3, of: base.id, account: account) == merged)
            #expect(try await store.revision(9, of: base.id, account: account) == nil)
        }
    }

    @Test(arguments: implementations)
    func overlappingEditsAndClientsThatDoNotMergeStillConflict(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let (account, base, other) = try await Self.twoEdits(in: store)
            let overlapping = try base.revised(body: "one\ntwo\nthree\nfour!\n", at: Sample.date.addingTimeInterval(2))
            let separate = try base.revised(body: "ONE\ntwo\nthree\nfour\n", at: Sample.date.addingTimeInterval(2))
            let retitled = try base.revised(title: "Other plan", body: "ONE\ntwo\nthree\nfour\n", at: Sample.date.addingTimeInterval(2))
            let cases: [(PushedChange, String)] = [
                (PushedChange(note: overlapping, baseRevision: 1, mayMerge: true), "overlap"),
                (PushedChange(note: separate, baseRevision: 1, mayMerge: false), "no-merge"),
            ]
            for (change, name) in cases {
                let outcomes = try await PushReplay(store).pushOutcomes([change], requestID: #require(PushRequestID(name)), account: account, at: Sample.date)
                #expect(outcomes == [.conflict(other)], "\(name)")
            }
            // A title both changed does not merge; one only this side changed does.
            let renamed = try await store.replace(try other.revised(title: "Their plan", at: Sample.date.addingTimeInterval(3)),
                                                  account: account, ifRevision: 2, origin: .api)
            let outcomes = try await PushReplay(store).pushOutcomes([PushedChange(note: retitled, baseRevision: 1, mayMerge: true)],
                                                                    requestID: #require(PushRequestID("title")), account: account, at: Sample.date)
            #expect(outcomes == [.conflict(renamed)])
            #expect(try await store.note(base.id, account: account) == renamed)
        }
    }

    @Test(arguments: implementations)
    func anAncestorPrunedFromTheHistoryLeavesAConflict(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let (account, base, other) = try await Self.twoEdits(in: store)
            let pruned = try await store.pruneHistory(.revisions(1), now: Sample.date.addingTimeInterval(10), dryRun: false)
            #expect(pruned.revisions == 1)
            #expect(try await store.revision(1, of: base.id, account: account) == nil)
            let mine = try base.revised(body: "ONE\ntwo\nthree\nfour\n", at: Sample.date.addingTimeInterval(2))
            let outcomes = try await PushReplay(store).pushOutcomes([PushedChange(note: mine, baseRevision: 1, mayMerge: true)],
                                                                    requestID: #require(PushRequestID("p")), account: account, at: Sample.date)
            #expect(outcomes == [.conflict(other)])
        }
    }

    /// A write through `replace` that merged records its ancestor, as a push's merge does.
    @Test(arguments: implementations)
    func aMergedReplaceRecordsItsAncestor(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let (account, base, other) = try await Self.twoEdits(in: store)
            let merged = try other.revised(body: "ONE\ntwo\nthree\nFOUR\n", at: Sample.date.addingTimeInterval(2))
            let stored = try await store.replace(merged, account: account, ifRevision: 2, origin: .web, mergeAncestor: 1)
            let history = try await store.history(of: base.id, account: account)
            #expect(history.first == NoteRevision(note: stored, origin: .web, mergeAncestor: 1))
        }
    }
}
