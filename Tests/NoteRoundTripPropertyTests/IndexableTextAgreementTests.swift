import PropertyBased
import QuillModels
import Testing

/// `SearchText.indexable` rewrites a text's CJK runs from its bytes and copies the rest as it is,
/// for FTS5's `unicode61` tokenizer to cut: the tokens that tokenizer takes from it must be
/// `SearchText.words` of the text, for text of nasty Unicode mixed with Chinese, Japanese and
/// Korean, their compatibility forms and the marks that combine with them.
@Suite("Indexable text agrees with the words")
struct IndexableTextAgreementTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let text: String
        var testDescription: String { NoteInput.spelled(text, limit: 600) }
    }

    static let pieces = [
        "同步", "数据", "的", "。", "、", "「", "」", "プラグイン", "が", "か\u{3099}", "ｶﾀｶﾅ", "ﾞ", "ﾟ", "ー", "々", "동기화를", "ㄱ", "ᄀ",
        "\u{F900}", "\u{2F800}", "\u{20000}", "Ａ", "iPhone", "Café", "e\u{301}", "İ", "ß", " ", "-", "\u{2014}", "\u{201C}", "😀", "١",
    ]

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            text += Int.random(in: 0..<4, using: &rng) == 0
                ? NastyText.text(length: Int.random(in: 1...4, using: &rng), &rng)
                : pieces.randomElement(using: &rng) ?? "x"
        }
        return Scenario(text: text)
    }

    /// What `unicode61` with `remove_diacritics 2` takes from text, as `SearchText` states it:
    /// runs of word scalars, Latin ones folded, CJK ones (which it neither cases nor strips) as they are.
    static func unicode61Tokens(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: { !SearchText.isWordScalar($0) })
            .map { String(String.UnicodeScalarView($0)) }
            .map { SearchText.isCJKWord($0) ? $0 : SearchText.fold($0) }
            .filter { !$0.isEmpty }
    }

    @Test func theTokenizerTakesTheWordsFromTheIndexableText() async {
        await propertyCheck(count: 500, input: Self.scenarios) { scenario in
            #expect(Self.unicode61Tokens(SearchText.indexable(scenario.text)) == SearchText.words(scenario.text))
        }
        #expect(SearchText.indexable("iPhone同步。OK") == "iPhone 同步 步 。OK")
        #expect(SearchText.indexable("no CJK — “quoted”") == "no CJK — “quoted”")
    }
}
