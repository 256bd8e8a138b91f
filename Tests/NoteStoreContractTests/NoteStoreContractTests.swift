import Foundation
import NoteStoreInterface
import QuillModels
import Testing

/// The behaviour every `NoteStore` must have. The in-memory fake runs it too, so it cannot
/// drift from the file-backed store that users actually have.
@Suite("NoteStore contract", .scratchDirectory)
struct NoteStoreContractTests {
    @Test(arguments: Implementation.allCases)
    func createdNoteCanBeReadBackExactly(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1, title: "Café", body: "line\n\ttab \\ slash", tags: ["b", "a"])
        try await store.create(note)
        #expect(try await store.note(id: note.id) == note)
        #expect(try await store.note(id: NoteID(high: 9, low: 9)) == nil)
    }

    @Test(arguments: Implementation.allCases)
    func creatingAnExistingIDFailsAndChangesNothing(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1)
        try await store.create(note)
        await #expect(throws: NoteStoreError.alreadyExists(note.id)) {
            try await store.create(try NoteMaker.note(1, title: "Other"))
        }
        #expect(try await store.note(id: note.id)?.title == "Note 1")
    }

    @Test(arguments: Implementation.allCases)
    func updateNeedsTheCurrentRevision(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1)
        try await store.create(note)
        let second = try note.revised(title: "Second", at: NoteMaker.start)
        try await store.update(second, expectedRevision: 1)
        let stale = try note.revised(title: "Stale", at: NoteMaker.start)
        await #expect(throws: NoteStoreError.revisionConflict(note.id, expected: 1, actual: 2)) {
            try await store.update(stale, expectedRevision: 1)
        }
        #expect(try await store.note(id: note.id)?.title == "Second")
        await #expect(throws: NoteStoreError.notFound(try NoteMaker.note(7).id)) {
            try await store.update(try NoteMaker.note(7).revised(title: "x", at: NoteMaker.start), expectedRevision: 1)
        }
    }

    @Test(arguments: Implementation.allCases)
    func aBulkCreationLandsWholeWhenItsBodyReturns(fixture: Implementation) async throws {
        let store = try fixture.make()
        let stored = try NoteMaker.note(1)
        try await store.create(stored)
        try await store.acknowledge([stored.id: 1])
        let count = try await store.createInBulk(origin: .local) { bulk in
            #expect(try await bulk.existing(stored.id) == stored)
            try await bulk.add([try NoteMaker.note(2), try NoteMaker.note(3)])
            #expect(try await bulk.existing(try NoteMaker.note(2).id) == (try NoteMaker.note(2)), "earlier chunks count")
            await #expect(throws: NoteStoreError.alreadyExists(stored.id)) { try await bulk.add([try NoteMaker.note(1, title: "Clash")]) }
            await #expect(throws: NoteStoreError.alreadyExists(try NoteMaker.note(2).id)) { try await bulk.add([try NoteMaker.note(2)]) }
            await #expect(throws: NoteStoreError.duplicateInBatch(try NoteMaker.note(4).id)) {
                try await bulk.add([try NoteMaker.note(4), try NoteMaker.note(4)])
            }
            try await bulk.add([try NoteMaker.note(4)])
            return 3
        }
        #expect(count == 3)
        #expect(try await store.list(NoteQuery()).notes.map(\.title).sorted() == ["Note 1", "Note 2", "Note 3", "Note 4"])
        #expect(try await store.note(id: NoteMaker.note(3).id) == (try NoteMaker.note(3)))
        #expect(Set(try await store.pendingChanges()) == Set(try [2, 3, 4].map { try NoteMaker.note($0).id }))
    }

    @Test(arguments: Implementation.allCases)
    func aBulkCreationIntoAnEmptyStoreKnowsWhatItAdded(fixture: Implementation) async throws {
        let store = try fixture.make()
        try await store.createInBulk(origin: .remote) { bulk in
            for chunk in UInt64(0)..<4 {
                let notes = try (UInt64(1)...50).map { try NoteMaker.note(chunk * 50 + $0) }
                for note in notes { #expect(try await bulk.existing(note.id) == nil) }
                try await bulk.add(notes)
            }
            for number: UInt64 in [1, 77, 200] { #expect(try await bulk.existing(try NoteMaker.note(number).id) == (try NoteMaker.note(number))) }
            #expect(try await bulk.existing(try NoteMaker.note(201).id) == nil)
            await #expect(throws: NoteStoreError.alreadyExists(try NoteMaker.note(77).id)) { try await bulk.add([try NoteMaker.note(77)]) }
            try await bulk.add([try NoteMaker.note(201)])
        }
        #expect(try await store.list(NoteQuery()).notes.count == 201)
    }

    @Test(arguments: Implementation.allCases)
    func aBulkCreationWhoseBodyThrowsLeavesNothing(fixture: Implementation) async throws {
        let store = try fixture.make()
        try await store.create(try NoteMaker.note(1))
        struct Abandoned: Error {}
        await #expect(throws: Abandoned.self) {
            try await store.createInBulk(origin: .local) { bulk in
                try await bulk.add([try NoteMaker.note(2), try NoteMaker.note(3)])
                throw Abandoned()
            }
        }
        #expect(try await store.list(NoteQuery()).notes.map(\.title) == ["Note 1"])
        #expect(try await store.note(id: NoteMaker.note(2).id) == nil)
        #expect(try await store.pendingChanges() == [try NoteMaker.note(1).id])
        try await store.createInBulk(origin: .remote) { bulk in try await bulk.add([try NoteMaker.note(2)]) }
        #expect(try await store.note(id: NoteMaker.note(2).id) != nil)
        #expect(try await store.pendingChanges() == [try NoteMaker.note(1).id], "remote notes are not pending")
    }

    @Test(arguments: Implementation.allCases)
    func aBulkCreationCannotBeUsedAfterItsBody(fixture: Implementation) async throws {
        let store = try fixture.make()
        let escaped = try await store.createInBulk(origin: .local) { bulk in bulk }
        await #expect(throws: NoteStoreError.self) { try await escaped.add([try NoteMaker.note(9)]) }
        #expect(try await store.note(id: NoteMaker.note(9).id) == nil)
    }

    @Test(arguments: Implementation.allCases)
    func aBatchIsAllOrNothing(fixture: Implementation) async throws {
        let store = try fixture.make()
        try await store.create(try NoteMaker.note(1))
        let batch: [NoteWrite] = [.create(try NoteMaker.note(2)), .create(try NoteMaker.note(1, title: "Clash"))]
        await #expect(throws: NoteStoreError.alreadyExists(try NoteMaker.note(1).id)) {
            try await store.apply(batch, origin: .local)
        }
        #expect(try await store.note(id: NoteMaker.note(2).id) == nil)
        #expect(try await store.list(NoteQuery()).notes.count == 1)
        await #expect(throws: NoteStoreError.duplicateInBatch(try NoteMaker.note(3).id)) {
            try await store.apply([.create(try NoteMaker.note(3)), .create(try NoteMaker.note(3))], origin: .local)
        }
        #expect(try await store.note(id: NoteMaker.note(3).id) == nil)
    }

    @Test(arguments: Implementation.allCases)
    func listIsNewestFirstFilteredAndLimited(fixture: Implementation) async throws {
        let store = try fixture.make()
        try await store.apply([
            .create(try NoteMaker.note(1, tags: ["work"], minutes: 1)),
            .create(try NoteMaker.note(2, tags: ["home"], minutes: 3)),
            .create(try NoteMaker.note(3, tags: ["work", "home"], minutes: 2)),
            .create(try NoteMaker.note(4, minutes: 2)),
        ], origin: .local)
        let all = try await store.list(NoteQuery()).notes.map(\.title)
        #expect(all == ["Note 2", "Note 3", "Note 4", "Note 1"])
        #expect(try await store.list(NoteQuery(tag: Tag("work"))).notes.map(\.title) == ["Note 3", "Note 1"])
        #expect(try await store.list(NoteQuery(limit: 2)).notes.map(\.title) == ["Note 2", "Note 3"])
        #expect(try await store.list(NoteQuery(limit: 0)).notes.isEmpty)
    }

    /// A tag typed decomposed (as macOS names files: "re\u{301}fe\u{301}rence") and one typed
    /// composed are one tag: either finds the notes of both.
    @Test(arguments: Implementation.allCases)
    func aTagIsFoundWhicheverWayItsAccentsWereTyped(fixture: Implementation) async throws {
        let store = try fixture.make()
        let composed = "r\u{E9}f\u{E9}rence", decomposed = "re\u{301}fe\u{301}rence"
        try await store.apply([
            .create(try NoteMaker.note(1, tags: [composed], minutes: 1)),
            .create(try NoteMaker.note(2, tags: [decomposed], minutes: 2)),
        ], origin: .local)
        for typed in [composed, decomposed] {
            #expect(try await store.list(NoteQuery(tag: Tag(typed))).notes.map(\.title) == ["Note 2", "Note 1"], "\(typed.unicodeScalars.count) scalars")
        }
    }

    @Test(arguments: Implementation.allCases)
    func theCatalogHasTheIDsTheListingHas(fixture: Implementation) async throws {
        let store = try fixture.make()
        let first = try NoteMaker.note(1, tags: ["work"], minutes: 1)
        try await store.apply([
            .create(first), .create(try NoteMaker.note(3, tags: ["home"], minutes: 5)),
            .create(try NoteMaker.note(2, tags: ["work", "home"], minutes: 2)),
        ], origin: .local)
        try await store.update(try first.revised(title: "Edited", at: NoteMaker.start.addingTimeInterval(600)), expectedRevision: 1)
        try await store.update(try NoteMaker.note(3, tags: ["home"], minutes: 5).deleted(at: NoteMaker.start.addingTimeInterval(60)), expectedRevision: 1)
        let ids = { (numbers: [UInt64]) in try numbers.map { try NoteMaker.note($0).id } }
        let all = try await store.catalog(NoteQuery(limit: 1), after: nil, limit: 10)
        #expect(all.ids == (try ids([1, 2])), "live notes in ID order; the query's limit does not apply")
        #expect(all.newestUpdate == NoteMaker.start.addingTimeInterval(600))
        #expect(all.resumeAfter == nil)
        #expect(try await store.catalog(NoteQuery(tag: try Tag("home")), after: nil, limit: 10).ids == (try ids([2])))
        #expect(try await store.catalog(NoteQuery(includeDeleted: true), after: nil, limit: 10).ids == (try ids([1, 2, 3])))
        #expect(try await store.catalog(NoteQuery(tag: try Tag("none")), after: nil, limit: 10) == NoteCatalog(ids: [], newestUpdate: nil))
    }

    @Test(arguments: Implementation.allCases)
    func theCatalogComesInPagesThatCoverEveryNoteOnce(fixture: Implementation) async throws {
        let store = try fixture.make()
        // Created in scrambled ID order, some updated, tagged or deleted later, as a journal sees them.
        let numbers = (1...23).map { UInt64($0 * 7 % 23 + 1) }
        try await store.apply(try numbers.map { .create(try NoteMaker.note($0, tags: $0 % 2 == 0 ? ["even"] : [])) }, origin: .local)
        for number in [4, 9, 16] as [UInt64] {
            let note = try NoteMaker.note(number, tags: number % 2 == 0 ? ["even"] : [])
            try await store.update(note.deleted(at: NoteMaker.start.addingTimeInterval(90)), expectedRevision: 1)
        }
        for query in [NoteQuery(), NoteQuery(tag: try Tag("even")), NoteQuery(includeDeleted: true)] {
            var unlimited = query
            unlimited.limit = nil
            let expected = try await store.list(unlimited).notes.map(\.id).sorted()
            for pageSize in [1, 2, 5, 23, 50] {
                var collected: [NoteID] = []
                var after: NoteID?
                var pages = 0
                repeat {
                    let page = try await store.catalog(query, after: after, limit: pageSize)
                    #expect(page.ids.count <= pageSize)
                    #expect(page.ids == page.ids.sorted() && page.ids.allSatisfy { id in after.map { id > $0 } ?? true })
                    collected += page.ids
                    after = page.resumeAfter
                    pages += 1
                } while after != nil && pages < 100
                #expect(collected == expected, "page size \(pageSize)")
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func tombstonesAreHiddenUnlessAskedFor(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1)
        try await store.create(note)
        try await store.create(try NoteMaker.note(2))
        try await store.update(note.deleted(at: NoteMaker.start), expectedRevision: 1)
        #expect(try await store.list(NoteQuery()).notes.map(\.title) == ["Note 2"])
        #expect(try await store.list(NoteQuery(includeDeleted: true)).notes.count == 2)
        #expect(try await store.note(id: note.id)?.isDeleted == true)
        #expect(try await store.ids(withPrefix: "").count == 1)
    }

    @Test(arguments: Implementation.allCases)
    func idsWithPrefixFindsLiveNotes(fixture: Implementation) async throws {
        let store = try fixture.make()
        let a = try Note(id: NoteID("aa11")!, title: "a", body: "", tags: [], created: NoteMaker.start, updated: NoteMaker.start)
        let b = try Note(id: NoteID("aa22")!, title: "b", body: "", tags: [], created: NoteMaker.start, updated: NoteMaker.start)
        let c = try Note(id: NoteID("bb33")!, title: "c", body: "", tags: [], created: NoteMaker.start, updated: NoteMaker.start)
        try await store.apply([.create(a), .create(b), .create(c)], origin: .local)
        #expect(try await store.ids(withPrefix: "aa") == [a.id, b.id])
        #expect(try await store.ids(withPrefix: "bb3") == [c.id])
        #expect(try await store.ids(withPrefix: "cc").isEmpty)
    }

    @Test(arguments: Implementation.allCases)
    func localWritesArePendingUntilAcknowledgedAtTheirRevision(fixture: Implementation) async throws {
        let store = try fixture.make()
        let one = try NoteMaker.note(1), two = try NoteMaker.note(2), three = try NoteMaker.note(3)
        try await store.create(one)
        try await store.create(two)
        try await store.apply([.create(three)], origin: .remote)
        #expect(try await store.pendingChanges() == [one.id, two.id])

        let edited = try two.revised(body: "edited after push", at: NoteMaker.start)
        try await store.update(edited, expectedRevision: 1)
        #expect(try await store.pendingChanges(among: [three.id, two.id]) == [two.id])
        try await store.acknowledge([one.id: 1, two.id: 1, three.id: 1])
        #expect(try await store.pendingChanges() == [two.id])
        #expect(try await store.pendingChanges(among: [one.id, two.id, three.id]) == [two.id])

        try await store.acknowledge([two.id: 2])
        #expect(try await store.pendingChanges().isEmpty)
        #expect(try await store.pendingChanges(among: [one.id, two.id]).isEmpty)
    }

    @Test(arguments: Implementation.allCases)
    func remoteWritesOfPendingNotesKeepThemPending(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1)
        try await store.create(note)
        try await store.update(try note.withRevision(5), expectedRevision: 1)
        try await store.apply([.update(try note.withRevision(6), expectedRevision: 5)], origin: .remote)
        #expect(try await store.pendingChanges() == [note.id])
    }

    @Test(arguments: Implementation.allCases)
    func concurrentWritersLoseNothing(fixture: Implementation) async throws {
        let store = try fixture.make()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...40 {
                group.addTask { try await store.create(try NoteMaker.note(UInt64(number))) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.list(NoteQuery()).notes.count == 40)
        #expect(try await store.pendingChanges().count == 40)
    }
}
