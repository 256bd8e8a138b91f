import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import Testing

/// The behaviour every server store must have, run against each implementation.
@Suite struct ServerStoreContractTests {
    /// Every implementation that can run here; PostgreSQL only with `QUILL_TEST_POSTGRES_URL`.
    static let implementations = Implementation.all.filter(\.isAvailable)

    /// Reported as skipped, with this comment, when no PostgreSQL is configured.
    @Test(.enabled(if: TestPostgres.url != nil, "PostgreSQL contract tests skipped: run `Tools/with-postgres.sh swift test` to set QUILL_TEST_POSTGRES_URL"))
    func postgresIsPartOfTheSuite() {
        #expect(Self.implementations.contains { $0.name == "PostgreSQL" })
    }

    @Test(arguments: implementations)
    func createdNotesReadBackAtRevisionOne(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try Sample.note("a1", title: "Ünïcode ✓", body: "line 1\nline 2", tags: ["b", "a"], revision: 9)
            let created = try await store.create(note, account: account)
            #expect(created.revision == 1)
            let read = try #require(try await store.note(note.id, account: account))
            #expect(read == created)
            #expect(read.created == note.created && read.updated == note.updated)
            #expect(read.tags.map(\.rawValue) == ["a", "b"])
        }
    }

    /// Issue 14: tags were stored joined by spaces and split by `Character`, so a tag that starts
    /// with a combining mark (or a joiner) fused with the space before it and the note, and with it
    /// the account's list, export and change feed, could no longer be read. And PostgreSQL's `text`
    /// refused U+0000, which notes may hold (found by NoteRoundTripPropertyTests).
    @Test(arguments: implementations)
    func textsThatBrokeAStoreReadBackExactly(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try Sample.note("a1", title: "nul\u{0}title", body: "nul\u{0}body",
                                       tags: ["a", "\u{301}b", "\u{200D}c", "d\u{600}", "\u{FE0F}e", "x\u{0}y"])
            let created = try await store.create(note, account: account)
            let expected = note.tags.map { Array($0.rawValue.utf8) }
            let read = try await store.note(note.id, account: account)
            #expect(read?.tags.map { Array($0.rawValue.utf8) } == expected)
            #expect(read.map { Array($0.title.utf8) } == Array(note.title.utf8) && read.map { Array($0.body.utf8) } == Array(note.body.utf8))
            #expect(try await store.notes(account: account, after: nil, limit: 10).notes.map { $0.tags.map { Array($0.rawValue.utf8) } } == [expected])
            #expect(try await store.changes(account: account, after: .beginning, limit: 10).notes.map(\.id) == [created.id])
        }
    }

    /// Issue 14: one note that cannot be read (here: its stored title blanked behind the store's
    /// back) must cost only itself. Reading it fails naming it; the list and the change feed
    /// leave it out, report it, and page on past it; a push of it repairs it.
    @Test(arguments: implementations.filter { $0.canBeDamaged })
    func anUnreadableNoteCostsOnlyItself(_ implementation: Implementation) async throws {
        try await implementation.withStore { store, damage in
            let account = try await store.newAccount("alice")
            for id in ["a1", "b2", "c3"] { _ = try await store.create(try Sample.note(id), account: account) }
            let damaged = try #require(NoteID("b2"))
            try await #require(damage).blankTitle(damaged)

            await #expect(throws: ServerStoreError.corrupt("note b2: the title is empty")) {
                try await store.note(damaged, account: account)
            }
            let first = try await store.notes(account: account, after: nil, limit: 2)
            #expect(first.notes.map(\.id.rawValue) == ["a1"] && first.last == damaged && first.hasMore)
            #expect(first.unreadable == [UnreadableNote(id: "b2", reason: "the title is empty")])
            let rest = try await store.notes(account: account, after: first.last, limit: 2)
            #expect(rest.notes.map(\.id.rawValue) == ["c3"] && rest.unreadable.isEmpty && !rest.hasMore)

            let feed = try await store.changes(account: account, after: .beginning, limit: 2)
            #expect(feed.notes.map(\.id.rawValue) == ["a1"] && feed.unreadable.map(\.id) == ["b2"] && feed.hasMore)
            let more = try await store.changes(account: account, after: feed.next, limit: 2)
            #expect(more.notes.map(\.id.rawValue) == ["c3"] && more.unreadable.isEmpty && !more.hasMore)

            // A push of the note counts the unreadable copy as lost: the client's version repairs it.
            let repaired = try Sample.note("b2", title: "Repaired")
            let outcomes = try await PushReplay(store).pushOutcomes([PushedChange(note: repaired, baseRevision: 1, mayMerge: false)], requestID: #require(PushRequestID("repair")),
                                                                    account: account, at: Sample.date)
            #expect(outcomes.map(\.status) == [.applied] && outcomes.first?.note.revision == 2)
            #expect(try await store.note(damaged, account: account)?.title == "Repaired")
            #expect(try await store.changes(account: account, after: more.next, limit: 10).notes.map(\.id) == [damaged])
        }
    }

    /// Found by the stateful fuzz: PostgreSQL's text cannot hold U+0000, so a valid note with it
    /// was refused as "database unavailable" (503) there while SQLite kept it.
    @Test(arguments: implementations)
    func textWithNULAndTheEscapeCharacterReadsBackExactly(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for (index, text) in ["a\u{0}b", "\u{0}", "\u{FFFF}", "\u{FFFF}0", "\u{FFFF}\u{0}\u{FFFF}\u{FFFF}", "x\u{FFFF}"].enumerated() {
                let note = try Sample.note("a\(index)", title: "t" + text, body: text, tags: ["g" + text])
                _ = try await store.create(note, account: account)
                let read = try #require(try await store.note(note.id, account: account))
                #expect(read.title == note.title && read.body == note.body && read.tags == note.tags, "\(text.debugDescription)")
                #expect(try await store.changes(account: account, after: .beginning, limit: 100).notes.last == read)
            }
        }
    }

    @Test(arguments: implementations)
    func accountsNeverSeeEachOthersNotes(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let bob = try await store.newAccount("bob")
            let note = try Sample.note("a1")
            _ = try await store.create(note, account: alice)
            #expect(try await store.note(note.id, account: bob) == nil)
            #expect(try await store.notes(account: bob, after: nil, limit: 10).notes.isEmpty)
            #expect(try await store.changes(account: bob, after: .beginning, limit: 10).notes.isEmpty)
            await #expect(throws: ServerStoreError.notFound(note.id)) {
                try await store.replace(note, account: bob, ifRevision: 1, origin: .api)
            }
            // The same ID is free in another account.
            #expect(try await store.create(note, account: bob).revision == 1)
        }
    }

    @Test(arguments: implementations)
    func creatingAnExistingIDFails(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try Sample.note("a1")
            _ = try await store.create(note, account: account)
            await #expect(throws: ServerStoreError.alreadyExists(note.id)) {
                try await store.create(note, account: account)
            }
        }
    }

    @Test(arguments: implementations)
    func replaceChecksTheRevision(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try Sample.note("a1")
            _ = try await store.create(note, account: account)
            let edited = try note.revised(title: "edited", at: Sample.date.addingTimeInterval(5))
            let replaced = try await store.replace(edited, account: account, ifRevision: 1, origin: .api)
            #expect(replaced.revision == 2 && replaced.title == "edited")
            await #expect(throws: ServerStoreError.revisionMismatch(note.id, current: 2)) {
                try await store.replace(note.revised(title: "stale", at: Sample.date), account: account, ifRevision: 1, origin: .api)
            }
            #expect(try await store.note(note.id, account: account)?.title == "edited")
            let missing = try Sample.note("ff")
            await #expect(throws: ServerStoreError.notFound(missing.id)) {
                try await store.replace(missing, account: account, ifRevision: 1, origin: .api)
            }
        }
    }

    @Test(arguments: implementations)
    func deleteLeavesATombstone(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try Sample.note("a1")
            _ = try await store.create(note, account: account)
            let tombstone = try await store.delete(note.id, account: account, ifRevision: 1, at: Sample.date.addingTimeInterval(9), origin: .api)
            #expect(tombstone.isDeleted && tombstone.revision == 2)
            #expect(try await store.note(note.id, account: account) == tombstone)
            #expect(try await store.notes(account: account, after: nil, limit: 10).notes.isEmpty)
            #expect(try await store.changes(account: account, after: .beginning, limit: 10).notes == [tombstone])
            // A tombstone is not deleted again, whatever the revision named: there is nothing left to delete.
            for revision in [1, 2] {
                await #expect(throws: ServerStoreError.notFound(note.id)) {
                    try await store.delete(note.id, account: account, ifRevision: revision, at: Sample.date, origin: .api)
                }
            }
            #expect(try await store.note(note.id, account: account) == tombstone)
        }
    }

    @Test(arguments: implementations)
    func listPagesThroughLiveNotesByID(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for id in ["c3", "a1", "b2", "d4"] { _ = try await store.create(try Sample.note(id), account: account) }
            let first = try await store.notes(account: account, after: nil, limit: 2)
            #expect(first.notes.map(\.id.rawValue) == ["a1", "b2"] && first.last?.rawValue == "b2" && first.hasMore)
            let rest = try await store.notes(account: account, after: first.last, limit: 10)
            #expect(rest.notes.map(\.id.rawValue) == ["c3", "d4"] && !rest.hasMore)
            let exact = try await store.notes(account: account, after: first.last, limit: 2)
            #expect(exact.notes.map(\.id.rawValue) == ["c3", "d4"] && !exact.hasMore)
        }
    }

    /// A tag typed decomposed (as macOS names files) and one typed composed are one tag: either
    /// finds the notes of both, in a listing and in a search, also a note whose tags an earlier
    /// release stored decomposed, as typed.
    @Test(arguments: implementations)
    func aTagIsFoundWhicheverWayItsAccentsWereTyped(_ implementation: Implementation) async throws {
        try await implementation.withStore { store, damage in
            let account = try await store.newAccount("alice")
            let composed = "r\u{E9}f\u{E9}rence", decomposed = "re\u{301}fe\u{301}rence"
            _ = try await store.create(try Sample.note("a1", tags: [composed]), account: account)
            _ = try await store.create(try Sample.note("b2", tags: [decomposed, "x"]), account: account)
            _ = try await store.create(try Sample.note("c3", tags: ["x"]), account: account)
            if let damage { try await damage.storeTags(try #require(NoteID("b2")), decomposed + " x") }
            for typed in [composed, decomposed] {
                let listed = try await store.notes(account: account, tagged: try Tag(typed), after: nil, limit: 10)
                #expect(listed.notes.map(\.id.rawValue) == ["a1", "b2"], "\(typed.unicodeScalars.count) scalars")
                let found = try await store.search(try SearchQuery("tag:\(typed)"), account: account, tagged: nil, after: nil, limit: 10)
                #expect(found.notes.map(\.id.rawValue).sorted() == ["a1", "b2"], "\(typed.unicodeScalars.count) scalars")
                let both = try await store.search(try SearchQuery("tag:x"), account: account, tagged: try Tag(typed), after: nil, limit: 10)
                #expect(both.notes.map(\.id.rawValue) == ["b2"], "\(typed.unicodeScalars.count) scalars")
            }
        }
    }

    @Test(arguments: implementations)
    func listFiltersByWholeTags(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let other = try await store.newAccount("bob")
            for (id, tags) in [("a1", ["home"]), ("b2", ["homework", "ahome"]), ("c3", ["a", "home", "work"]), ("d4", []),
                               ("e5", ["home"]), ("f6", ["x_y", "home%"])] {
                _ = try await store.create(try Sample.note(id, tags: tags), account: account)
            }
            _ = try await store.delete(try #require(NoteID("e5")), account: account, ifRevision: 1, at: Sample.date, origin: .api)
            _ = try await store.create(try Sample.note("a0", tags: ["home"]), account: other)
            func ids(_ tag: String, after: String? = nil, limit: Int = 10) async throws -> [String] {
                try await store.notes(account: account, tagged: try Tag(tag), after: after.flatMap(NoteID.init), limit: limit)
                    .notes.map(\.id.rawValue)
            }
            #expect(try await ids("home") == ["a1", "c3"])
            #expect(try await ids("home", limit: 1) == ["a1"])
            #expect(try await ids("home", after: "a1") == ["c3"])
            #expect(try await ids("work") == ["c3"])
            #expect(try await ids("a") == ["c3"])
            #expect(try await ids("hom").isEmpty)
            #expect(try await ids("x%y").isEmpty)
            #expect(try await ids("x_y") == ["f6"])
            #expect(try await ids("home%") == ["f6"])
            #expect(try await store.notes(account: account, tagged: nil, after: nil, limit: 10).notes.count == 5)
        }
    }

    @Test(arguments: implementations)
    func changeFeedReturnsLatestVersionsInWriteOrder(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let one = try Sample.note("01")
            let two = try Sample.note("02")
            let three = try Sample.note("03")
            _ = try await store.create(one, account: account)
            _ = try await store.create(two, account: account)
            _ = try await store.create(three, account: account)
            let oneEdited = try await store.replace(one.revised(body: "again", at: Sample.date), account: account, ifRevision: 1, origin: .api)

            let all = try await store.changes(account: account, after: .beginning, limit: 10)
            #expect(all.notes.map(\.id.rawValue) == ["02", "03", "01"])
            #expect(all.notes.last == oneEdited)
            #expect(!all.hasMore)
            // Each note's own cursor: increasing, the last the page's next and the account's latest.
            #expect(all.cursors.count == 3 && all.cursors == all.cursors.sorted() && Set(all.cursors).count == 3)
            #expect(all.cursors.last == all.next)
            #expect(try await store.latestCursor(account: account) == all.next)
            #expect(try await store.changes(account: account, after: all.cursors[0], limit: 10).notes.map(\.id.rawValue) == ["03", "01"])
            #expect(try await store.latestCursor(account: try await store.newAccount("empty")) == .beginning)

            let first = try await store.changes(account: account, after: .beginning, limit: 2)
            #expect(first.notes.map(\.id.rawValue) == ["02", "03"] && first.hasMore)
            let second = try await store.changes(account: account, after: first.next, limit: 2)
            #expect(second.notes.map(\.id.rawValue) == ["01"] && !second.hasMore)
            let empty = try await store.changes(account: account, after: second.next, limit: 2)
            #expect(empty.notes.isEmpty && empty.next == second.next && !empty.hasMore)

            let threeEdited = try await store.replace(three.revised(body: "x", at: Sample.date), account: account, ifRevision: 1, origin: .api)
            #expect(try await store.changes(account: account, after: second.next, limit: 2).notes == [threeEdited])
        }
    }

    @Test(arguments: implementations)
    func pushAppliesEachChangeByTheRule(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let existing = try await store.create(try Sample.note("e1", title: "server"), account: account)
            let fresh = try Sample.note("f1", title: "client new", revision: 4)
            let edit = try Sample.note("e1", title: "client edit")
            let stale = try Sample.note("e1", title: "stale edit")
            let outcomes = try await PushReplay(store).pushOutcomes([
                PushedChange(note: fresh, baseRevision: nil, mayMerge: false),
                PushedChange(note: edit, baseRevision: 1, mayMerge: false),
                PushedChange(note: stale, baseRevision: 1, mayMerge: false),
            ], requestID: try #require(PushRequestID("r1")), account: account, at: Sample.date)
            #expect(outcomes.map(\.status) == [.applied, .applied, .conflict])
            #expect(outcomes[0].note == NoteDocument(fresh)) // the client's own number, ahead of 1, kept
            #expect(outcomes[1].note == NoteDocument(try edit.withRevision(2)))
            #expect(outcomes[2].note == NoteDocument(try edit.withRevision(2)))
            #expect(existing.revision == 1)
            #expect(try await store.note(edit.id, account: account)?.title == "client edit")
        }
    }

    @Test(arguments: implementations)
    func pushIsIdempotentPerRequestIDAndAccount(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let bob = try await store.newAccount("bob")
            let requestID = try #require(PushRequestID("same-id"))
            let note = try Sample.note("a1")
            let push = [PushedChange(note: note, baseRevision: nil, mayMerge: false)]
            let first = try await PushReplay(store).pushOutcomes(push, requestID: requestID, account: alice, at: Sample.date)
            let retry = try await PushReplay(store).pushOutcomes(push, requestID: requestID, account: alice,
                                                                 at: Sample.date.addingTimeInterval(60))
            #expect(retry == first)
            #expect(try await store.note(note.id, account: alice)?.revision == 1)
            #expect(try await store.changes(account: alice, after: .beginning, limit: 10).notes.count == 1)
            let bobs = try await PushReplay(store).pushOutcomes(push, requestID: requestID, account: bob, at: Sample.date)
            #expect(bobs.map(\.status) == [.applied])
        }
    }

    /// A note pushed twice in one request: the second change is decided against the first's write.
    @Test(arguments: implementations)
    func aNotePushedTwiceInOneRequestIsDecidedAgainstItsFirstWrite(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let first = try Sample.note("a1", title: "first"), other = try Sample.note("b1", title: "other")
            let second = try first.revised(title: "second", at: Sample.date)
            let outcomes = try await PushReplay(store).pushOutcomes([
                PushedChange(note: first, baseRevision: nil, mayMerge: false), PushedChange(note: other, baseRevision: nil, mayMerge: false),
                PushedChange(note: second, baseRevision: 1, mayMerge: false), PushedChange(note: second, baseRevision: 1, mayMerge: false),
            ], requestID: #require(PushRequestID("twice")), account: account, at: Sample.date)
            #expect(outcomes.map(\.status) == [.applied, .applied, .applied, .conflict])
            #expect(outcomes[2].note.revision == 2 && outcomes[3].note.title == "second")
            let feed = try await store.changes(account: account, after: .beginning, limit: 10).notes
            #expect(feed.map(\.title) == ["other", "second"] && feed.last?.revision == 2)
        }
    }

    /// A push answers the span of the feed it wrote, exactly its own changes, so that its client
    /// need not pull them back; a push that wrote nothing answers an empty span, a retried one the same.
    @Test(arguments: implementations)
    func pushAnswersTheChangesItWrote(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            _ = try await PushReplay(store).pushOutcomes([PushedChange(note: try Sample.note("a0"), baseRevision: nil, mayMerge: false)], requestID: #require(PushRequestID("p0")),
                                                         account: account, at: Sample.date)
            let latest = try await store.changes(account: account, after: .beginning, limit: 10).next
            let mine = [PushedChange(note: try Sample.note("a1"), baseRevision: nil, mayMerge: false), PushedChange(note: try Sample.note("a2"), baseRevision: nil, mayMerge: false)]
            let answer = try await PushReplay(store).push(mine, requestID: #require(PushRequestID("p1")), account: account, at: Sample.date)
            let written = try #require(answer.written)
            #expect(written.after == latest)
            #expect(answer.next(since: latest) == written.through)
            #expect(try await store.changes(account: account, after: written.through, limit: 10).notes.isEmpty)
            #expect(try await store.changes(account: account, after: latest, limit: 10).notes.map(\.id) == mine.map(\.note.id))
            let replay = try await PushReplay(store).push(mine, requestID: #require(PushRequestID("p1")), account: account, at: Sample.date)
            #expect(replay == answer)
            let stale = try await PushReplay(store).push([PushedChange(note: try Sample.note("a3"), baseRevision: nil, mayMerge: false)], requestID: #require(PushRequestID("p2")),
                                                         account: account, at: Sample.date)
            #expect(stale.next(since: latest) == nil)
            #expect(stale.written?.after == written.through)
            let conflicted = try await PushReplay(store).push([PushedChange(note: try Sample.note("a3"), baseRevision: nil, mayMerge: false)], requestID: #require(PushRequestID("p3")),
                                                              account: account, at: Sample.date)
            #expect(conflicted.outcomes.map(\.status) == [.conflict])
            #expect(conflicted.written.map { $0.after == $0.through && $0.after == stale.written?.through } == true)
        }
    }

    /// Issue 14: a request ID is bound to what it carried. The same ID with other changes is an
    /// error of its own, applies nothing, and leaves the recorded answer in place.
    @Test(arguments: implementations)
    func aRequestIDWithOtherChangesIsRefused(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let requestID = try #require(PushRequestID("same-id"))
            let note = try Sample.note("a1")
            let first = try await PushReplay(store).pushOutcomes([PushedChange(note: note, baseRevision: nil, mayMerge: false)], requestID: requestID,
                                                                 account: account, at: Sample.date)
            let other = [PushedChange(note: try note.revised(title: "other", at: Sample.date), baseRevision: 1, mayMerge: false),
                         PushedChange(note: try Sample.note("b2"), baseRevision: nil, mayMerge: false)]
            await #expect(throws: ServerStoreError.pushRequestReused(requestID)) {
                try await PushReplay(store).pushOutcomes(other, requestID: requestID, account: account,
                                                         at: Sample.date.addingTimeInterval(60))
            }
            #expect(try await store.note(note.id, account: account)?.title == note.title)
            #expect(try await store.note(try #require(NoteID("b2")), account: account) == nil)
            #expect(try await store.changes(account: account, after: .beginning, limit: 10).notes.count == 1)
            #expect(try await PushReplay(store).pushOutcomes([PushedChange(note: note, baseRevision: nil, mayMerge: false)], requestID: requestID,
                                                             account: account, at: Sample.date) == first)
            // Under a new ID the same changes are decided afresh.
            let fresh = try await PushReplay(store).pushOutcomes(other, requestID: try #require(PushRequestID("new-id")), account: account, at: Sample.date)
            #expect(fresh.map(\.status) == [.applied, .applied])
        }
    }

    /// A store keeps what `push` is told to keep and gives it back unread for the same request ID of
    /// the same account, applying nothing; it forgets what was kept before the date it is given.
    @Test(arguments: implementations)
    func aPushIsKeptAsItsCallerWroteItAndForgottenWhenTold(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let requestID = try #require(PushRequestID("kept-id"))
            let push = [PushedChange(note: try Sample.note("a1"), baseRevision: nil, mayMerge: false)]
            let first = try await store.push(push, requestID: requestID, digest: PushDigest("first"), account: account, at: Sample.date,
                                             forgettingBefore: .distantPast, keeping: { "kept: \($0.map(\.status.rawValue))" })
            guard case .applied(let answer) = first else { Issue.record("a new push is applied: \(first)"); return }
            let again = [PushedChange(note: try Sample.note("b1"), baseRevision: nil, mayMerge: false)]
            let kept = try await store.push(again, requestID: requestID, digest: PushDigest("second"), account: account,
                                            at: Sample.date.addingTimeInterval(10), forgettingBefore: .distantPast, keeping: { _ in "unused" })
            #expect(kept == .kept(KeptPush(outcomes: #"kept: ["applied"]"#, digest: PushDigest("first"), written: answer.written)))
            #expect(try await store.note(try #require(NoteID("b1")), account: account) == nil)
            let forgotten = try await store.push(again, requestID: requestID, digest: PushDigest("second"), account: account,
                                                 at: Sample.date.addingTimeInterval(20), forgettingBefore: Sample.date.addingTimeInterval(1),
                                                 keeping: { _ in "later" })
            guard case .applied = forgotten else { Issue.record("a forgotten push is applied again: \(forgotten)"); return }
            #expect(try await store.note(try #require(NoteID("b1")), account: account) != nil)
        }
    }

    @Test(arguments: implementations)
    func pushAnswersAreRememberedForTheRetentionPeriodOnly(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let note = try Sample.note("a1")
            let push = [PushedChange(note: note, baseRevision: nil, mayMerge: false)]
            let old = try #require(PushRequestID("old")), kept = try #require(PushRequestID("kept"))
            let first = try await PushReplay(store).pushOutcomes(push, requestID: old, account: account, at: Sample.date)
            #expect(first.map(\.status) == [.applied])
            let almost = Sample.date.addingTimeInterval(PushReplay.retention - 1)
            #expect(try await PushReplay(store).pushOutcomes(push, requestID: old, account: account, at: almost) == first)
            _ = try await PushReplay(store).pushOutcomes([], requestID: kept, account: account, at: almost)

            // Past the retention period the answer is gone: the same push is decided again (the note
            // now exists, so creating it conflicts), while a younger answer is still replayed.
            let later = Sample.date.addingTimeInterval(PushReplay.retention + 1)
            #expect(try await PushReplay(store).pushOutcomes(push, requestID: old, account: account, at: later).map(\.status) == [.conflict])
            #expect(try await PushReplay(store).pushOutcomes([], requestID: kept, account: account, at: later) == [])
        }
    }

    @Test(arguments: implementations)
    func accountsAndTokens(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let token = StoredToken(id: TokenID(7), hash: TokenHash(bytes: [1, 2, 3]))
            let account = try await store.createAccount(named: "alice", token: token)
            #expect(account.name == "alice")
            let found = try #require(try await store.token(id: token.id))
            #expect(found.token == token && found.account == account)
            #expect(try await store.token(id: TokenID(8)) == nil)
            await #expect(throws: ServerStoreError.accountNameTaken("alice")) {
                try await store.createAccount(named: "alice", token: StoredToken(id: TokenID(9), hash: TokenHash(bytes: [4])))
            }
        }
    }

    @Test(arguments: implementations)
    func anAccountCanHoldSeveralTokensAndLoseOne(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let first = StoredToken(id: TokenID(7), hash: TokenHash(bytes: [1]))
            let second = StoredToken(id: TokenID(8), hash: TokenHash(bytes: [2]))
            let account = try await store.createAccount(named: "alice", token: first)
            #expect(try await store.addToken(second, toAccountNamed: "alice") == account)
            #expect(try await store.token(id: second.id)?.account == account)
            await #expect(throws: ServerStoreError.accountNotFound("nobody")) {
                try await store.addToken(StoredToken(id: TokenID(9), hash: TokenHash(bytes: [3])), toAccountNamed: "nobody")
            }
            #expect(try await store.token(id: TokenID(9)) == nil)

            #expect(try await store.removeToken(id: first.id))
            #expect(try await store.token(id: first.id) == nil)
            #expect(try await store.token(id: second.id)?.token == second)
            #expect(try await !store.removeToken(id: first.id))
        }
    }

    /// A repository that keeps notes as the API writes them must keep exactly `NoteJSON`'s bytes
    /// of the note it would return, for single notes and for feed pages alike.
    @Test(arguments: implementations)
    func encodedFormsMatchTheNotes(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let plain = try await store.create(try Sample.note("a1", title: "Quotes \" and / slashes", body: "é\n\t✓", tags: ["b", "a"]),
                                               account: account)
            let edited = try await store.replace(plain.revised(title: "Edited", at: Sample.date.addingTimeInterval(1.5)),
                                                 account: account, ifRevision: 1, origin: .api)
            _ = try await store.create(try Sample.note("b2"), account: account)
            let gone = try await store.delete(try #require(NoteID("b2")), account: account, ifRevision: 1, at: Sample.date, origin: .api)
            func json(_ note: Note) throws -> [UInt8] { Array(try NoteJSON.encoder.encode(NoteDocument(note))) }

            for note in [edited, gone] {
                let encoded = try await store.encodedNote(note.id, account: account)
                #expect((encoded != nil) == implementation.keepsEncodedNotes)
                if let encoded { #expect(encoded == EncodedNote(revision: note.revision, isDeleted: note.isDeleted, json: try json(note))) }
            }
            #expect(try await store.encodedNote(try #require(NoteID("ff")), account: account) == nil)
            for (cursor, limit) in [(ChangeCursor.beginning, 10), (.beginning, 1), (ChangeCursor(sequence: 3), 10)] {
                let page = try await store.changes(account: account, after: cursor, limit: limit)
                let found = try await store.encodedChanges(account: account, after: cursor, limit: limit)
                #expect((found != nil) == implementation.keepsEncodedNotes)
                guard let encoded = found else { continue }
                #expect(Array(encoded.pieces.joined()) == Array(try page.notes.map(json).joined(separator: [UInt8(ascii: ",")])))
                #expect(encoded.count == page.notes.count && encoded.next == page.next && encoded.hasMore == page.hasMore)
            }
        }
    }

    /// A large page of the feed comes in pieces that each end between two notes and stay well
    /// below the allocator's mmap threshold (`EncodedChangePage.pieces`), and together are the page.
    @Test(arguments: implementations.filter(\.keepsEncodedNotes))
    func aLargePageComesInPiecesBelowTheMappedSize(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for index in 0..<120 {
                _ = try await store.create(try Sample.note(String(format: "%04x", index + 1), body: String(repeating: "Some text. ", count: 200)),
                                           account: account)
            }
            let encoded = try #require(try await store.encodedChanges(account: account, after: .beginning, limit: 1000))
            let page = try await store.changes(account: account, after: .beginning, limit: 1000)
            let notes = try page.notes.map { Array(try NoteJSON.encoder.encode(NoteDocument($0))) }
            #expect(encoded.count == 120 && encoded.pieces.count > 1)
            #expect(Array(encoded.pieces.joined()) == Array(notes.joined(separator: [UInt8(ascii: ",")])))
            let largest = notes.map(\.count).max() ?? 0
            for piece in encoded.pieces {
                #expect(piece.count < EncodedChangePage.pieceSize + largest + 1 && piece.count < 128 << 10)
                #expect(piece.last == UInt8(ascii: "}") && (piece.first == UInt8(ascii: "{") || piece.first == UInt8(ascii: ",")))
            }
        }
    }

    @Test(arguments: implementations)
    func migratingAgainChangesNothing(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("a1"), account: account)
            try await store.migrate()
            try await store.checkReady()
            #expect(try await store.notes(account: account, after: nil, limit: 10).notes.count == 1)
        }
    }
}
