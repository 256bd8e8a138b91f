import QuillModels
import Testing

/// The search language every store reads: words, "phrases", tag:x, prefix*, folded.
@Suite struct SearchQueryTests {
    @Test func wordsPhrasesTagsAndPrefixes() throws {
        let query = try SearchQuery(#"Milk "Green TEA" tag:Home caf*"#)
        #expect(query.terms == [.word("milk"), .phrase(["green", "tea"]), .tag(try Tag("home")), .prefix("caf")])
        #expect(query.description == #"milk "green tea" tag:home caf*"#)
        let home = try Tag("home")
        #expect(query.words == ["milk", "green", "tea", "caf"] && query.tags == [home])
    }

    @Test func caseAndDiacriticsAreFolded() throws {
        #expect(try SearchQuery("CAFÉ Ångström naïve").terms == [.word("cafe"), .word("angstrom"), .word("naive")])
        #expect(SearchText.words("Crème brûlée, s'il vous plaît!") == ["creme", "brulee", "s", "il", "vous", "plait"])
    }

    @Test func punctuationSplitsWordsAsTheIndexDoes() throws {
        #expect(try SearchQuery("e-mail").terms == [.phrase(["e", "mail"])])
        #expect(try SearchQuery("e-ma*").terms == [.word("e"), .prefix("ma")])
        #expect(try SearchQuery("日本語 café").terms == [.word("日本語"), .word("cafe")])
    }

    @Test func lenientWhereAPersonWouldBe() throws {
        #expect(try SearchQuery(#""unclosed phrase here"#).terms == [.phrase(["unclosed", "phrase", "here"])])
        #expect(try SearchQuery("milk -- milk MILK").terms == [.word("milk")])
        #expect(try SearchQuery(#"a"b"#).terms == [.word("a"), .word("b")])
    }

    @Test(arguments: ["", "   ", "--- !!", "\"\"", "*"])
    func nothingToLookForIsAnError(_ text: String) {
        #expect(throws: SearchQueryError.empty) { try SearchQuery(text) }
    }

    @Test func aBadTagNamesItself() {
        #expect(throws: SearchQueryError.self) { try SearchQuery("tag:a,b") }
        do { _ = try SearchQuery("milk tag:a,b") } catch { #expect(error.description.hasPrefix("tag:a,b: ")) }
        #expect(throws: SearchQueryError.tooLong(maximum: SearchQuery.maximumLength)) {
            try SearchQuery(String(repeating: "a ", count: SearchQuery.maximumLength))
        }
    }
}
