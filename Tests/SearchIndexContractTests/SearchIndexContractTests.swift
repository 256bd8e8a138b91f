import Foundation
import QuillModels
import ScratchDirectories
import SearchIndexInterface
import Testing

/// The behaviour every `SearchIndex` must have: the in-memory fake runs it too, so previews
/// and feature tests see what users of the SQLite index see.
@Suite("SearchIndex contract", .scratchDirectory)
struct SearchIndexContractTests {
    @Test(arguments: IndexFixture.allCases)
    func anEmptyIndexHasNoCursorAndFindsNothing(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        #expect(try await index.cursor() == nil)
        #expect(try await index.titles("anything").isEmpty)
        #expect(try await index.indexedIDs().isEmpty)
    }

    /// A catch-up of several pages, all but the last applied with `moreToFollow`.
    @Test(arguments: IndexFixture.allCases)
    func pagesAppliedWithMoreToFollowAreIndexedLikeAnyOther(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        var cursor: JournalCursor?
        for page in 1...3 {
            let next = JournalCursor("page \(page)")
            #expect(try await index.apply(SearchIndexBatch(notes: [try Notes.note(UInt64(page), body: "plum")]),
                                          expected: cursor, next: next, moreToFollow: page < 3))
            cursor = next
        }
        #expect(try await index.cursor() == JournalCursor("page 3"))
        #expect(Set(try await index.titles("plum")) == ["Note 1", "Note 2", "Note 3"])
    }

    @Test(arguments: IndexFixture.allCases)
    func everyWordMustMatchAsAWholeWord(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "Groceries", body: "Buy milk and eggs"),
            try Notes.note(2, title: "Shake", body: "a milkshake, no eggs"),
            try Notes.note(3, title: "Other", body: "milk only"),
        ])
        #expect(Set(try await index.titles("milk eggs")) == ["Groceries"])
        #expect(Set(try await index.titles("milk")) == ["Groceries", "Other"])
        #expect(Set(try await index.titles("milk*")) == ["Groceries", "Shake", "Other"])
        #expect(try await index.titles("mil").isEmpty)
    }

    /// Greek words in capitals that end in sigma find the text, which ends them with ς (the
    /// server's stores find them too: one folding, `SearchText.fold`).
    @Test(arguments: IndexFixture.allCases)
    func greekFinalSigmaIsFoundInCapitals(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, title: "Ρυθμίσεις", body: "Χρησιμοποιώντας τις σημειώσεις")])
        for text in ["ΡΥΘΜΊΣΕΙΣ", "ρυθμίσεις", "ΧΡΗΣΙΜΟΠΟΙΏΝΤΑΣ", "ΣΗΜΕΙΏΣΕΙΣ", "σημειωσεισ", "\"τις ΣΗΜΕΙΏΣΕΙΣ\"", "ρυθμισ*"] {
            #expect(try await index.titles(text) == ["Ρυθμίσεις"], "\(text)")
        }
    }

    @Test(arguments: IndexFixture.allCases)
    func phrasesMatchWordsInARow(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "A", body: "the quick brown fox"),
            try Notes.note(2, title: "B", body: "brown, quick fox"),
        ])
        #expect(try await index.titles("\"quick brown\"") == ["A"])
        #expect(Set(try await index.titles("quick brown")) == ["A", "B"])
        #expect(try await index.titles("e-mail").isEmpty)
    }

    @Test(arguments: IndexFixture.allCases)
    func caseAndDiacriticsAreIgnored(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, title: "Café Crème", body: "Über NAÏVE résumé")])
        for query in ["cafe", "CAFÉ", "creme", "uber", "naive", "RESUME", "résu*", "\"naïve resume\""] {
            #expect(try await index.titles(query) == ["Café Crème"], "\(query)")
        }
    }

    /// Marks FTS5 does not know (Devanagari's vowel signs, Arabic's harakat) or keeps (Greek's
    /// accents, Cyrillic's breve) are ignored as Latin diacritics are.
    @Test(arguments: IndexFixture.allCases)
    func theMarksOfEveryScriptAreIgnored(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, title: "भाषा", body: "मुझे हिन्दी पसंद है, مَرحَبًا, Ελληνικά, Мой край")])
        for query in ["हिन्दी", "पसंद", "مَرحَبًا", "مرحبا", "ελληνικα", "ΕΛΛΗΝΙΚΆ", "край"] {
            #expect(try await index.titles(query) == ["भाषा"], "\(query)")
        }
    }

    /// A tag typed decomposed (as macOS names files) and one typed composed are one tag.
    @Test(arguments: IndexFixture.allCases)
    func aTagTermFindsTheTagWhicheverWayItsAccentsWereTyped(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        let composed = "r\u{E9}f\u{E9}rence", decomposed = "re\u{301}fe\u{301}rence"
        try await index.index([
            try Notes.note(1, title: "Composed", body: "milk", tags: [composed], minutes: 0),
            try Notes.note(2, title: "Decomposed", body: "milk", tags: [decomposed], minutes: 5),
        ])
        for typed in [composed, decomposed] {
            #expect(try await index.titles("tag:\(typed)") == ["Decomposed", "Composed"], "\(typed.unicodeScalars.count) scalars")
        }
    }

    @Test(arguments: IndexFixture.allCases)
    func tagsFilterExactlyAndAloneListNewestFirst(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "Old", body: "milk", tags: ["home"], minutes: 0),
            try Notes.note(2, title: "New", body: "milk", tags: ["home", "food"], minutes: 5),
            try Notes.note(3, title: "Work", body: "milk", tags: ["homework"], minutes: 9),
        ])
        #expect(try await index.titles("tag:home") == ["New", "Old"])
        #expect(try await index.titles("tag:home tag:food milk") == ["New"])
        #expect(try await index.titles("tag:HOME", limit: 1) == ["New"])
        #expect(try await index.titles("tag:none").isEmpty)
    }

    @Test(arguments: IndexFixture.allCases)
    func aMatchInTheTitleRanksAboveOneInTheBody(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "Plain", body: "a note that mentions the garden once among other words"),
            try Notes.note(2, title: "Garden", body: "a note about plants and soil among other words here"),
            try Notes.note(3, title: "Unrelated", body: "nothing"),
        ])
        #expect(try await index.titles("garden") == ["Garden", "Plain"])
        #expect(try await index.titles("garden", limit: 1) == ["Garden"])
        #expect(try await index.titles("garden", limit: 0).isEmpty)
        // `quill search -n 9223372036854775807` trapped adding one to the limit for the lookahead row.
        #expect(try await index.titles("garden", limit: .max) == ["Garden", "Plain"])
    }

    @Test(arguments: IndexFixture.allCases)
    func equalScoresAreOrderedByIDWithOrWithoutALimit(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        // Written out of ID order, so that neither insertion nor storage order gives the answer.
        try await index.index([4, 2, 5, 1, 3].map { try Notes.note($0, title: "Same \($0 % 2)", body: "the same garden words") })
        try await index.index([try Notes.note(9, title: "Garden", body: "garden")])
        #expect(try await index.titles("garden") == ["Garden", "Same 1", "Same 0", "Same 1", "Same 0", "Same 1"])
        #expect(try await index.titles("garden", limit: 1) == ["Garden"])
        #expect(try await index.titles("garden", limit: 2) == ["Garden", "Same 1"])
        let ids = try await index.search(SearchQuery("garden"), limit: 3).map(\.id)
        #expect(ids == [9, 1, 2].map { NoteID(high: 0x5ea, low: $0) })
    }

    @Test(arguments: IndexFixture.allCases)
    func aNewRevisionReplacesTheOldAndRemovalsAndTombstonesAreForgotten(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        let first = try Notes.note(1, title: "Groceries", body: "milk")
        let second = try Notes.note(2, title: "Other", body: "milk")
        try await index.index([first, second])
        let revised = try first.revised(body: "bread", at: Notes.start)
        try await index.index([revised])
        #expect(try await index.titles("milk") == ["Other"])
        #expect(try await index.titles("bread") == ["Groceries"])
        #expect(try await index.revisions(of: [first.id, second.id, try Notes.note(9).id]) == [first.id: 2, second.id: 1])
        try await index.index([revised.deleted(at: Notes.start)], removing: [second.id])
        #expect(try await index.titles("milk").isEmpty)
        #expect(try await index.titles("bread").isEmpty)
        #expect(try await index.indexedIDs().isEmpty)
    }

    @Test(arguments: IndexFixture.allCases)
    func applyingFromAStaleCursorChangesNothing(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        let note = try Notes.note(1, body: "milk")
        #expect(try await index.apply(SearchIndexBatch(notes: [note]), expected: nil, next: JournalCursor("a")))
        #expect(try await index.apply(SearchIndexBatch(removals: [note.id]), expected: nil, next: JournalCursor("b")) == false)
        #expect(try await index.cursor() == JournalCursor("a"))
        #expect(try await index.titles("milk") == ["Note 1"])
    }

    @Test(arguments: IndexFixture.allCases)
    func removeAllForgetsNotesAndCursor(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, body: "milk")])
        try await index.removeAll()
        #expect(try await index.cursor() == nil)
        #expect(try await index.titles("milk").isEmpty)
        try await index.index([try Notes.note(2, body: "milk")])
        #expect(try await index.titles("milk") == ["Note 2"])
    }
}
