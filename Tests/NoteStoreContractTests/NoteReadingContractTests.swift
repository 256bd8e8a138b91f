import Foundation
import NoteStoreInterface
import QuillModels
import Testing

/// The reading role's contract, run against every `NoteReading`: the stores, and the server's
/// read-only view of an account that its export walks (the part a reader holds of live notes).
@Suite("NoteReading contract", .scratchDirectory)
struct NoteReadingContractTests {
    @Test(arguments: ReaderImplementation.allCases)
    func everyNoteReadsBackExactlyAndAnUnknownIDIsNil(fixture: ReaderImplementation) async throws {
        let notes = try [NoteMaker.note(1, body: "one\nline", tags: ["work"]), NoteMaker.note(2, minutes: 4)]
        let reader = try await fixture.make(holding: notes)
        for note in notes { #expect(try await reader.note(id: note.id) == note) }
        #expect(try await reader.note(id: NoteMaker.note(99).id) == nil)
    }

    @Test(arguments: ReaderImplementation.allCases)
    func listIsNewestFirstFilteredAndLimited(fixture: ReaderImplementation) async throws {
        let reader = try await fixture.make(holding: [
            try NoteMaker.note(1, tags: ["work"], minutes: 1), try NoteMaker.note(2, tags: ["home"], minutes: 3),
            try NoteMaker.note(3, tags: ["work", "home"], minutes: 2), try NoteMaker.note(4, minutes: 2),
        ])
        #expect(try await reader.list(NoteQuery()).notes.map(\.title) == ["Note 2", "Note 3", "Note 4", "Note 1"])
        #expect(try await reader.list(NoteQuery(tag: Tag("work"))).notes.map(\.title) == ["Note 3", "Note 1"])
        #expect(try await reader.list(NoteQuery(limit: 2)).notes.map(\.title) == ["Note 2", "Note 3"])
        #expect(try await reader.list(NoteQuery(limit: 0)).notes.isEmpty)
    }

    @Test(arguments: ReaderImplementation.allCases)
    func theCatalogPagesCoverEveryListedNoteOnceInIDOrder(fixture: ReaderImplementation) async throws {
        let numbers = (1...13).map { UInt64($0 * 5 % 13 + 1) }
        let reader = try await fixture.make(holding: try numbers.map { try NoteMaker.note($0, tags: $0 % 2 == 0 ? ["even"] : []) })
        for query in [NoteQuery(), NoteQuery(tag: try Tag("even"))] {
            let expected = try await reader.list(query).notes.map(\.id).sorted()
            for pageSize in [1, 4, 13, 50] {
                var collected: [NoteID] = []
                var after: NoteID?
                var pages = 0
                repeat {
                    let page = try await reader.catalog(query, after: after, limit: pageSize)
                    #expect(page.ids.count <= pageSize)
                    collected += page.ids
                    after = page.resumeAfter
                    pages += 1
                } while after != nil && pages < 100
                #expect(collected == expected, "page size \(pageSize)")
            }
        }
    }
}
