import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import StandardTesting
import Testing

/// What every server store keeps of each note's earlier revisions (docs/history.md): SQLite,
/// PostgreSQL and the in-memory store answer alike.
@Suite struct HistoryContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)

    @Test(arguments: implementations)
    func everyWriteThatReplacesANoteKeepsTheRevisionItReplaces(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let first = try await store.create(try Sample.note("a1", title: "First", body: "one\ntwo\n", tags: ["x"]), account: account)
            let edited = try await store.replace(try first.revised(body: "one\n2\n", at: Sample.date.addingTimeInterval(1)),
                                                 account: account, ifRevision: 1, origin: .web)
            let pushed = try first.revised(title: "Pushed", body: "one\n2\nthree\n", tags: [], at: Sample.date.addingTimeInterval(2))
            let outcomes = try await PushReplay(store).pushOutcomes([PushedChange(note: pushed, baseRevision: 2, mayMerge: false)], requestID: #require(PushRequestID("h1")),
                                                                    account: account, at: Sample.date)
            guard let document = outcomes.first?.note, outcomes.first?.status == .applied else { throw HistoryTestFailure.notApplied }
            let applied = try document.note()
            let deleted = try await store.delete(first.id, account: account, ifRevision: applied.revision,
                                                 at: Sample.date.addingTimeInterval(3), origin: .api)
            let restored = try await store.replace(try deleted.revised(title: first.title, body: first.body, tags: first.tags, at: Sample.date.addingTimeInterval(4)),
                                                   account: account, ifRevision: deleted.revision, origin: .restore(1))
            let history = try await store.history(of: first.id, account: account)
            #expect(history == [
                NoteRevision(note: restored, origin: .restore(1)), NoteRevision(note: deleted, origin: .api),
                NoteRevision(note: applied, origin: .sync), NoteRevision(note: edited, origin: .web),
                NoteRevision(note: first, origin: .created),
            ])
            #expect(try await store.history(of: try Sample.note("ff").id, account: account).isEmpty)
            let bob = try await store.newAccount("bob")
            #expect(try await store.history(of: first.id, account: bob).isEmpty, "another account's note is not there")
        }
    }

    @Test(arguments: implementations)
    func theTrashListsDeletedNotesOnlyPageByPage(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for id in ["a1", "a2", "a3", "a4"] { _ = try await store.create(try Sample.note(id), account: account) }
            for id in ["a1", "a3", "a4"] {
                _ = try await store.delete(try #require(NoteID(id)), account: account, ifRevision: 1, at: Sample.date, origin: .api)
            }
            let first = try await store.deletedNotes(account: account, after: nil, limit: 2)
            #expect(first.notes.map(\.id.rawValue) == ["a1", "a3"] && first.hasMore && first.notes.allSatisfy(\.isDeleted))
            let second = try await store.deletedNotes(account: account, after: first.last, limit: 2)
            #expect(second.notes.map(\.id.rawValue) == ["a4"] && !second.hasMore)
            let bob = try await store.newAccount("bob")
            #expect(try await store.deletedNotes(account: bob, after: nil, limit: 10).notes.isEmpty)
        }
    }

    /// Pruning drops each note's oldest revisions across accounts, never a current one, and the
    /// rest reads as before; a dry run only counts.
    @Test(arguments: implementations)
    func pruningDropsTheOldestRevisionsOfEveryAccountsNotes(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            var histories: [(AccountID, [Note])] = []
            for (account, id, edits) in [(alice, "a1", 5), (alice, "a2", 1), (bob, "a1", 3), (bob, "b2", 0)] {
                var notes = [try await store.create(try Sample.note(id, body: "0\n"), account: account)]
                for edit in 0..<edits {
                    let last = notes[notes.count - 1]
                    notes.append(try await store.replace(try last.revised(body: "\(edit + 1)\nline\n", at: Sample.date.addingTimeInterval(Double(edit + 1) * 86_400)),
                                                         account: account, ifRevision: last.revision, origin: .api))
                }
                histories.append((account, notes))
            }
            let now = Sample.date.addingTimeInterval(10 * 86_400)
            #expect(try await store.pruneHistory(.revisions(2), now: now, dryRun: true) == PrunedHistory(notes: 2, revisions: 6))
            #expect(try await store.history(of: try #require(NoteID("a1")), account: alice).count == 6, "a dry run changes nothing")
            #expect(try await store.pruneHistory(.all, now: now, dryRun: false) == PrunedHistory())
            // Keep what each note was in the last 7.5 days: alice's a1 was at revision 3 then.
            #expect(try await store.pruneHistory(.span(seconds: 7 * 86_400 + 43_200), now: now, dryRun: false) == PrunedHistory(notes: 3, revisions: 5))
            #expect(try await store.history(of: try #require(NoteID("a1")), account: alice).map(\.note) == histories[0].1.suffix(4).reversed())
            #expect(try await store.pruneHistory(.revisions(2), now: now, dryRun: false) == PrunedHistory(notes: 1, revisions: 2))
            for (account, notes) in histories {
                let history = try await store.history(of: notes[0].id, account: account)
                #expect(history.first?.note == notes.last && (1...2).contains(history.count))
                #expect(history.map(\.note) == Array(notes.suffix(history.count).reversed()))
            }
            let a1 = try #require(NoteID("a1"))
            let current = try #require(try await store.note(a1, account: alice))
            let next = try await store.replace(try current.revised(body: "after\n", at: now), account: alice, ifRevision: current.revision, origin: .api)
            #expect(try await store.history(of: a1, account: alice).map(\.note) == [next, current, histories[0].1[4]], "a pruned history grows again")
        }
    }

    @Test(arguments: implementations)
    func deletingTheAccountDeletesItsHistory(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try await store.create(try Sample.note("a1"), account: account)
            _ = try await store.replace(try note.revised(body: "two", at: Sample.date), account: account, ifRevision: 1, origin: .api)
            try await store.deleteAccount(named: "alice")
            let again = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("a1"), account: again)
            #expect(try await store.history(of: note.id, account: again).count == 1)
        }
    }

    /// Any sequence of API writes, pushes (one note twice in a request too), deletions and
    /// restores: every revision reads back as written, with its origin, past the whole-body interval.
    @Test(arguments: implementations)
    func everyRevisionOfAnySequenceReadsBackAsWritten(_ implementation: Implementation) async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            var current = try await store.create(try Sample.note("b1", body: Self.body(&generator)), account: account)
            var expected = [NoteRevision(note: current, origin: .created)]
            func record(_ next: Note, _ origin: RevisionOrigin, replacing old: Note) {
                if next.hasSameContent(as: old) {
                    expected[0] = NoteRevision(note: next, origin: expected[0].origin)
                } else {
                    expected.insert(NoteRevision(note: next, origin: origin), at: 0)
                }
            }
            for step in 1...160 {
                let date = Sample.date.addingTimeInterval(Double(step))
                switch Int.random(in: 0..<6, using: &generator) {
                case 0 where !current.isDeleted:
                    let next = try await store.delete(current.id, account: account, ifRevision: current.revision, at: date, origin: .web)
                    record(next, .web, replacing: current)
                    current = next
                case 1:
                    let old = expected[Int.random(in: 0..<expected.count, using: &generator)].note
                    let next = try await store.replace(try current.revised(title: old.title, body: old.body, tags: old.tags, at: date),
                                                       account: account, ifRevision: current.revision, origin: .restore(old.revision))
                    record(next, .restore(old.revision), replacing: current)
                    current = next
                case 2:
                    let one = try current.revised(body: Self.body(&generator), at: date)
                    let two = try one.revised(body: Self.body(&generator), at: date)
                    let outcomes = try await PushReplay(store).pushOutcomes(
                        [PushedChange(note: one, baseRevision: current.revision, mayMerge: false), PushedChange(note: two, baseRevision: one.revision, mayMerge: false)],
                        requestID: #require(PushRequestID("p\(step)")), account: account, at: date)
                    for applied in try outcomes.filter({ $0.status == .applied }).map({ try $0.note.note() }) {
                        record(applied, .sync, replacing: current)
                        current = applied
                    }
                default:
                    var lines = LineDiff.lines(current.body).map(String.init)
                    if !lines.isEmpty { lines.remove(at: Int.random(in: 0..<lines.count, using: &generator)) }
                    lines.insert(Self.line(&generator), at: Int.random(in: 0...lines.count, using: &generator))
                    let next = try await store.replace(try current.revised(title: "T\(step % 4)", body: lines.joined(), at: date),
                                                       account: account, ifRevision: current.revision, origin: .api)
                    record(next, .api, replacing: current)
                    current = next
                }
            }
            let history = try await store.history(of: current.id, account: account)
            #expect(history.count == expected.count, "seed \(seed)")
            for (read, written) in zip(history, expected) {
                #expect(read == written, "seed \(seed): revision \(written.number)")
            }
        }
    }

    static func line(_ generator: inout SplitMix64) -> String {
        ["同步的笔记\n", "プラグイン\n", "동기화\n", "مرحبا\n", "🙂\n", "\n", "words \u{0} with a NUL\n", "plain\n", "caf\u{E9}\n", "cafe\u{301}\n"].randomElement(using: &generator)!
    }

    static func body(_ generator: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in line(&generator) }.joined()
    }
}

enum HistoryTestFailure: Error {
    case notApplied
}
