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
        #expect(try SearchQuery("日本語 café").terms == [.phrase(["日本", "本語"]), .word("cafe")])
    }

    /// A CJK run is cut into pairs with its last character alone; typed, it is the phrase of its
    /// pairs (it may go on in a note), and one character is a prefix of the pair it starts.
    @Test func cjkRunsAreCutIntoPairs() throws {
        #expect(SearchText.words("同步数据") == ["同步", "步数", "数据", "据"])
        #expect(SearchText.words("iPhone同步 works") == ["iphone", "同步", "步", "works"])
        #expect(SearchText.words("동기화를 했다") == ["동기", "기화", "화를", "를", "했다", "다"])
        #expect(SearchText.words("ｶﾀｶﾅ、テスト。") == ["カタ", "タカ", "カナ", "ナ", "テス", "スト", "ト"])
        #expect(try SearchQuery("同步").terms == [.word("同步")])
        #expect(try SearchQuery("同步数据").terms == [.phrase(["同步", "步数", "数据"])])
        #expect(try SearchQuery("同").terms == [.prefix("同")])
        #expect(try SearchQuery("\"同步 data\"").terms == [.phrase(["同步", "步", "data"])])
        #expect(try SearchQuery("iPhone的").terms == [.word("iphone"), .prefix("的")])
        #expect(SearchText.indexable("Plain text, unchanged.") == "Plain text, unchanged.")
        #expect(SearchText.indexable("Ünïcode but not CJK") == "unicode but not CJK")
        #expect(SearchText.indexable("iPhone同步。OK") == "iPhone 同步 步  OK")
    }

    /// A snippet marks the characters of a CJK word where they occur together, not its pairs
    /// wherever they stand.
    @Test func cjkSnippetsMarkTheWordsCharacters() throws {
        func marked(_ body: String, _ query: String) throws -> String {
            SearchSnippet(body: body, highlighting: try SearchQuery(query)).marked(open: "[", close: "]")
        }
        #expect(try marked("这是关于同步数据的说明。我们每天同步一次。", "同步") == "…是关于[同步]数据的说明。我们每天[同步]…")
        #expect(try marked("インターフェースとプラグイン", "プラグイン") == "…ースと[プラグイン]")
        #expect(try marked("同步数据", "据") == "同步数[据]")
        #expect(try marked("iPhone同步 works", "iphone 同步") == "[iPhone同步] works")
    }

    /// A snippet's first and last words keep the ASCII punctuation around them: it showed
    /// "[[日本語 ノート" for a body ending "[[日本語 ノート]]", and a link cut open at its start.
    @Test func aSnippetKeepsThePunctuationThatOpensAndClosesItsWords() throws {
        func marked(_ body: String, _ query: String) throws -> String {
            SearchSnippet(body: body, highlighting: try SearchQuery(query)).marked(open: "<", close: ">")
        }
        #expect(try marked("back to [[日本語 ノート]]", "back") == "<back> to [[日本語 ノート]]")
        #expect(try marked("[[Alpha]] and (more).", "alpha") == "[[<Alpha>]] and (more).")
        let long = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen, seventeen"
        #expect(try marked(long, "one") == "<one> two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen,…")
        #expect(try marked("a b c d e f g h (match) end", "match") == "…f g h (<match>) end")
    }

    /// A body's own Markdown bold around a matched word cannot be told from the markers in the
    /// marked line; the line's runs keep the two apart, and joined they are the line unmarked.
    @Test func lineRunsKeepABodysOwnMarkersApartFromTheMatches() throws {
        let snippet = SearchSnippet(body: "This is **very**\n\n  important,\tvery much so", highlighting: try SearchQuery("very"))
        #expect(snippet.marked(open: "**", close: "**") == "This is ****very**** important, **very** much so")
        #expect(snippet.lineRuns == [
            .init("This is **", isMatch: false), .init("very", isMatch: true), .init("** important, ", isMatch: false),
            .init("very", isMatch: true), .init(" much so", isMatch: false),
        ])
        let adjacent = SearchSnippet(body: "  very very  ", highlighting: try SearchQuery("very"))
        #expect(adjacent.lineRuns == [.init("very", isMatch: true), .init(" ", isMatch: false), .init("very", isMatch: true)])
        #expect(adjacent.marked(open: "[", close: "]") == "[very] [very]")
    }

    /// An index read as bytes may, if damaged, hold bytes that are not UTF-8: a lead byte cut
    /// off at the end, stray continuation bytes. The snippet shows them replaced.
    @Test func snippetsOfBytesThatAreNotUTF8() throws {
        let maker = SearchSnippetMaker(try SearchQuery("同步 milk"))
        let cut: [UInt8] = [0x6d, 0x69, 0x6c, 0x6b, 0x20, 0xe5, 0x90]
        #expect(cut.withUnsafeBufferPointer { maker.snippet(utf8: $0) }.marked(open: "[", close: "]") == "[milk] \u{FFFD}")
        for bytes: [UInt8] in [[0xf0], [0x80, 0x80, 0x6d], [0xe5, 0x90, 0x8c, 0xe6, 0xad], [0xf4, 0x90, 0x80]] {
            _ = bytes.withUnsafeBufferPointer { maker.snippet(utf8: $0) }
        }
        let valid = Array("milk 同步".utf8).withUnsafeBufferPointer { maker.snippet(utf8: $0) }
        #expect(valid.marked(open: "[", close: "]") == "[milk] [同步]")
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

    /// The fakes count occurrences byte by byte, as the indexes compare tokens: to Swift's
    /// `hasPrefix`, "xำ" (x and Thai's spacing vowel sara am, one character) does not start with "x".
    @Test func occurrencesAreCountedByteByByte() throws {
        let words = SearchText.words("x\u{E33} x xy e\u{301}")
        #expect(try SearchQuery("x*").terms[0].occurrences(in: words) == 3)
        #expect(try SearchQuery("x").terms[0].occurrences(in: words) == 1)
        #expect(try SearchQuery("\"x xy\"").terms[0].occurrences(in: words) == 1)
        #expect(try SearchQuery("tag:x").terms[0].occurrences(in: words) == 0)
    }
}
