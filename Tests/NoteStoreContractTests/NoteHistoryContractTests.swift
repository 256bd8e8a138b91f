import Foundation
import NoteStoreInterface
import QuillModels
import StandardTesting
import Testing

/// What every store keeps of a note's earlier revisions (docs/history.md): the file store and
/// the in-memory fake answer alike.
@Suite("Note history contract", .scratchDirectory)
struct NoteHistoryContractTests {
    @Test(arguments: Implementation.allCases)
    func aNewNoteHasOneRevisionAndAnUnknownOneNone(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1, body: "hello\n")
        try await store.create(note)
        #expect(try await store.history(of: note.id) == [NoteRevision(note: note, origin: .created)])
        #expect(try await store.history(of: try NoteMaker.note(2).id).isEmpty)
    }

    @Test(arguments: Implementation.allCases)
    func editsDeletionsAndRestoresAreEachARevisionWithTheirOrigin(fixture: Implementation) async throws {
        let store = try fixture.make()
        let first = try NoteMaker.note(1, title: "First", body: "a\nb\nc\n", tags: ["x"])
        try await store.create(first)
        let edited = try first.revised(title: "Edited", body: "a\nB\nc\n", tags: [], at: NoteMaker.start.addingTimeInterval(60))
        try await store.update(edited, expectedRevision: 1)
        let deleted = edited.deleted(at: NoteMaker.start.addingTimeInterval(120))
        try await store.update(deleted, expectedRevision: 2)
        let restored = try deleted.revised(title: first.title, body: first.body, tags: first.tags, at: NoteMaker.start.addingTimeInterval(180))
        try await store.update(restored, expectedRevision: 3, origin: .restore(1))
        let synced = try restored.revised(body: "from elsewhere\n", at: NoteMaker.start.addingTimeInterval(240))
        try await store.apply([.update(synced, expectedRevision: 4)], origin: .remote)
        #expect(try await store.history(of: first.id) == [
            NoteRevision(note: synced, origin: .sync),
            NoteRevision(note: restored, origin: .restore(1)),
            NoteRevision(note: deleted, origin: .edit),
            NoteRevision(note: edited, origin: .edit),
            NoteRevision(note: first, origin: .created),
        ])
    }

    /// The revision number a server gives a pushed note replaces the local one without a new
    /// revision: the content is the same.
    @Test(arguments: Implementation.allCases)
    func theSameContentUnderAnotherNumberIsNotANewRevision(fixture: Implementation) async throws {
        let store = try fixture.make()
        let first = try NoteMaker.note(1, body: "one\n")
        try await store.create(first)
        let second = try first.revised(body: "two\n", at: NoteMaker.start)
        try await store.update(second, expectedRevision: 1)
        let renumbered = try second.withRevision(7)
        try await store.apply([.update(renumbered, expectedRevision: 2)], origin: .remote)
        #expect(try await store.history(of: first.id) == [
            NoteRevision(note: renumbered, origin: .edit), NoteRevision(note: first, origin: .created),
        ])
    }

    /// Offline edits count up locally (2, 3, 4); the server numbers the pushed note from its base
    /// (2 + 1 = 3), a number the log already holds. The next edit must still keep that revision.
    @Test(arguments: Implementation.allCases)
    func anEditAfterTheServerNumberedAPushLowerKeepsTheRevisionItReplaces(fixture: Implementation) async throws {
        let store = try fixture.make()
        let first = try NoteMaker.note(1, body: "one\n")
        try await store.create(first)
        let second = try first.revised(body: "two\n", at: NoteMaker.start.addingTimeInterval(1))
        try await store.update(second, expectedRevision: 1)
        let third = try second.revised(body: "three\n", at: NoteMaker.start.addingTimeInterval(2))
        try await store.update(third, expectedRevision: 2)
        let fourth = try third.revised(body: "four\n", at: NoteMaker.start.addingTimeInterval(3))
        try await store.update(fourth, expectedRevision: 3)
        let pushed = try fourth.withRevision(2)
        try await store.apply([.update(pushed, expectedRevision: 4)], origin: .remote)
        let fifth = try pushed.revised(body: "five\n", at: NoteMaker.start.addingTimeInterval(5))
        try await store.update(fifth, expectedRevision: 2)
        let bodies = try await store.history(of: first.id).map(\.note.body)
        #expect(bodies == ["five\n", "four\n", "three\n", "two\n", "one\n"])
    }

    @Test(arguments: Implementation.allCases)
    func aPurgeRemovesTombstonesWithTheirHistoryAndNothingElse(fixture: Implementation) async throws {
        let store = try fixture.make()
        let gone = try NoteMaker.note(1, body: "one\n")
        let live = try NoteMaker.note(2)
        try await store.apply([.create(gone), .create(live)], origin: .local)
        let edited = try gone.revised(body: "two\n", at: NoteMaker.start)
        try await store.update(edited, expectedRevision: 1)
        try await store.update(edited.deleted(at: NoteMaker.start), expectedRevision: 2)
        await #expect(throws: NoteStoreError.notDeleted(live.id)) { try await store.purge([gone.id, live.id]) }
        await #expect(throws: NoteStoreError.notFound(try NoteMaker.note(9).id)) { try await store.purge([try NoteMaker.note(9).id]) }
        #expect(try await store.history(of: gone.id).count == 3, "a refused purge removes nothing")
        try await store.purge([gone.id])
        #expect(try await store.note(id: gone.id) == nil)
        #expect(try await store.history(of: gone.id).isEmpty)
        #expect(try await store.list(NoteQuery(includeDeleted: true)).notes.map(\.id) == [live.id])
        #expect(try await store.pendingChanges() == [live.id])
        #expect(try await store.note(id: live.id) == live)
        // The ID is free again: a note that comes back (from another device) is a new note.
        try await store.apply([.create(gone)], origin: .remote)
        #expect(try await store.history(of: gone.id).count == 1)
    }

    /// Pruning drops only the oldest revisions, never a current one, and what stays reads as before.
    @Test(arguments: Implementation.allCases)
    func pruningDropsTheOldestRevisionsAndWhatStaysReadsAsBefore(fixture: Implementation) async throws {
        let store = try fixture.make()
        var note = try NoteMaker.note(1, body: "0\n")
        try await store.create(note)
        for step in 1...6 {
            let next = try note.revised(body: "\(step)\nline\n", at: NoteMaker.start.addingTimeInterval(Double(step) * 86_400))
            try await store.update(next, expectedRevision: note.revision)
            note = next
        }
        let single = try NoteMaker.note(2)
        try await store.create(single)
        let deleted = try NoteMaker.note(3, body: "gone\n")
        try await store.create(deleted)
        try await store.update(deleted.deleted(at: NoteMaker.start), expectedRevision: 1)
        let full = try await store.history(of: note.id)
        let now = NoteMaker.start.addingTimeInterval(7 * 86_400)

        #expect(try await store.pruneHistory(.revisions(3), now: now, dryRun: true) == PrunedHistory(notes: 1, revisions: 4))
        #expect(try await store.history(of: note.id) == full, "a dry run changes nothing")
        #expect(try await store.pruneHistory(.all, now: now, dryRun: false) == PrunedHistory())
        #expect(try await store.pruneHistory(.span(seconds: 2 * 86_400 + 60), now: now, dryRun: false) == PrunedHistory(notes: 2, revisions: 5))
        #expect(try await store.history(of: note.id) == full.prefix(2) + [NoteRevision(note: full[2].note, origin: .created)],
                "what the note was in the last two days; the oldest kept one's origin went with the record before it")
        #expect(try await store.pruneHistory(.revisions(1), now: now, dryRun: false) == PrunedHistory(notes: 1, revisions: 2))
        #expect(try await store.history(of: note.id).map(\.note) == [note])
        #expect(try await store.history(of: single.id).map(\.note) == [single])
        #expect(try await store.history(of: deleted.id).map(\.note) == [deleted.deleted(at: NoteMaker.start)], "a tombstone keeps the text")
        #expect(try await store.pruneHistory(.revisions(1), now: now, dryRun: false) == PrunedHistory())
        let edited = try note.revised(body: "after\n", at: now)
        try await store.update(edited, expectedRevision: note.revision)
        #expect(try await store.history(of: note.id).map(\.note) == [edited, note], "a pruned log grows again")
    }

    /// An archive exported with its history brings each note's earlier revisions; the import
    /// remembers the note's time, since a push renumbers it.
    @Test(arguments: Implementation.allCases)
    func aBulkCreationKeepsTheHistoriesOfTheNotesItAdds(fixture: Implementation) async throws {
        let store = try fixture.make()
        let stored = try NoteMaker.note(9)
        try await store.create(stored)
        let first = try NoteMaker.note(1, body: "a\n")
        let second = try first.revised(title: "Old", body: "a\nb\n", at: NoteMaker.start.addingTimeInterval(60))
        let current = try second.revised(title: first.title, body: "a\nB\nc\n", at: NoteMaker.start.addingTimeInterval(120))
        let history = [
            NoteRevision(note: current, origin: .restore(1)), NoteRevision(note: second, origin: .sync), NoteRevision(note: first, origin: .created),
        ]
        let plain = try NoteMaker.note(2)
        try await store.createInBulk(origin: WriteOrigin(isLocal: true, revisionOrigin: .imported("h1"))) { bulk in
            try await bulk.add([current, plain])
            await #expect(throws: NoteStoreError.notFound(stored.id)) {
                try await bulk.addHistories([[NoteRevision(note: stored, origin: .edit), NoteRevision(note: try NoteMaker.note(9, body: "x"), origin: .created)]])
            }
            try await bulk.addHistories([history])
        }
        #expect(try await store.history(of: current.id) == history)
        #expect(try await store.history(of: plain.id) == [NoteRevision(note: plain, origin: .created)])
        #expect(try await store.history(of: stored.id).count == 1)
        let imported = try #require(try await store.importedNotes("h1"))
        #expect(imported.map(\.id) == [current.id, plain.id])
        #expect(imported[0].isUnchanged(try current.withRevision(1)), "a push renumbers the note; it is unchanged")
        #expect(!imported[0].isUnchanged(try current.revised(body: "edited\n", at: NoteMaker.start.addingTimeInterval(600))))
        #expect(imported[1].isUnchanged(plain))
    }

    @Test(arguments: Implementation.allCases)
    func aBulkCreationOfAnImportIsRememberedUnderItsID(fixture: Implementation) async throws {
        let store = try fixture.make()
        let notes = [try NoteMaker.note(1), try NoteMaker.note(2)]
        try await store.createInBulk(origin: WriteOrigin(isLocal: true, revisionOrigin: .imported("abc123"))) { bulk in
            try await bulk.add(notes)
        }
        try await store.createInBulk(origin: .local) { bulk in try await bulk.add([try NoteMaker.note(3)]) }
        #expect(try await store.importedNotes("abc123") == notes.map { ImportedNote(id: $0.id) })
        #expect(try await store.importedNotes("other") == nil)
        #expect(try await store.importedNotes("../notes") == nil)
        #expect(Set(try await store.pendingChanges()) == Set(notes.map(\.id) + [try NoteMaker.note(3).id]))
    }

    /// Any sequence of edits (bodies in several scripts, lines moved, added and removed, titles
    /// and tags changed), deletions, restores and received revisions: every revision reads back
    /// as written, with its origin, past the whole-body interval of the file store's log.
    @Test(arguments: Implementation.allCases)
    func everyRevisionOfAnySequenceReadsBackAsWritten(fixture: Implementation) async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        let store = try fixture.make()
        var current = try NoteMaker.note(1, body: Self.body(&generator))
        try await store.create(current)
        var expected = [NoteRevision(note: current, origin: .created)]
        for step in 1...300 {
            let date = NoteMaker.start.addingTimeInterval(Double(step))
            let origin: WriteOrigin
            let next: Note
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                next = current.deleted(at: date)
                origin = .local
            case 1:
                let old = expected[Int.random(in: 0..<expected.count, using: &generator)].note
                next = try current.revised(title: old.title, body: old.body, tags: old.tags, at: date)
                origin = .restore(old.revision)
            case 2:
                next = try current.revised(body: Self.body(&generator), at: date)
                origin = .remote
            default:
                let lines = LineDiff.lines(current.body).map(String.init)
                var edited = lines
                if !edited.isEmpty { edited[Int.random(in: 0..<edited.count, using: &generator)] = Self.line(&generator) }
                edited.insert(Self.line(&generator), at: Int.random(in: 0...edited.count, using: &generator))
                let title = Bool.random(using: &generator) ? current.title : "Title \(step) 同步"
                let tags = Bool.random(using: &generator) ? current.tags.map(\.rawValue) : ["t\(step % 3)"]
                next = try current.revised(title: title, body: edited.joined(), tags: Tag.normalize(tags), at: date)
                origin = .local
            }
            try await store.apply([.update(next, expectedRevision: current.revision)], origin: origin)
            if !next.hasSameContent(as: current) {
                expected.insert(NoteRevision(note: next, origin: origin.revisionOrigin), at: 0)
            } else {
                expected[0] = NoteRevision(note: next, origin: expected[0].origin)
            }
            current = next
        }
        let history = try await store.history(of: current.id)
        #expect(history.count == expected.count, "seed \(seed)")
        for (read, written) in zip(history, expected) {
            #expect(read == written, "seed \(seed): revision \(written.number)")
        }
    }

    static func line(_ generator: inout SplitMix64) -> String {
        ["- [ ] buy milk\n", "同步的笔记\n", "プラグインの設定\n", "동기화 완료\n", "مرحبا بالعالم\n", "🙂 emoji\n", "\n", "plain words here\n", "caf\u{E9}\n", "cafe\u{301}\n"]
            .randomElement(using: &generator)!
    }

    static func body(_ generator: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in line(&generator) }.joined()
    }
}
