import PropertyBased
import QuillModels
import SQLiteKit
import Testing

/// `SearchText.indexable` is the text Quill gives SQLite FTS5, written from its bytes: the folded
/// words of `SearchText.words`, the words a query gives FTS5, one space apart. Asked of the real
/// tokenizers, for text in many scripts (Devanagari's vowel signs and Arabic's harakat, which
/// `unicode61` treats as separators; Greek's final sigma; Chinese, Japanese and Korean runs and
/// their compatibility forms) mixed with nasty Unicode: the CLI's index (`ascii`) takes exactly
/// those words from it, and the server's (`unicode61 remove_diacritics 2`) the tokens it takes
/// from each of the words.
@Suite("Indexable text agrees with the words")
struct IndexableTextAgreementTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let text: String
        var testDescription: String { NoteInput.spelled(text, limit: 600) }
    }

    static let pieces = [
        "同步", "数据", "的", "。", "、", "「", "」", "プラグイン", "が", "か\u{3099}", "ｶﾀｶﾅ", "ﾞ", "ﾟ", "ー", "々", "동기화를", "ㄱ", "ᄀ",
        "\u{F900}", "\u{20000}", "Ａ", "iPhone", "Café", "CAFÉ", "e\u{301}", "İ", "ß", " ", "-", "\u{2014}", "\u{201C}", "😀", "١",
        "हिन्दी", "पसंद", "مَرحَبًا", "بالعالم", "ΟΔΟΣ", "Σοφία", "שָׁלוֹם", "ภาษาไทย", "Tiếng Việt", "Ελληνικά", "Ωmega", "naïve",
    ]

    /// Scalars `unicode61` classifies as Unicode 6.1 did (its tables' version): a letter
    /// assigned later is a separator to it and a letter to `SearchText`, and it takes some
    /// unassigned scalars and noncharacters for letters, which no rewriting of the text can
    /// reconcile; such text is left out of the server's check.
    static func knownToTheTokenizer(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            guard let age = scalar.properties.age, scalar.properties.generalCategory != .unassigned else { return false }
            return age.major < 6 || (age.major == 6 && age.minor <= 1)
        }
    }

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            text += Int.random(in: 0..<4, using: &rng) == 0
                ? NastyText.text(length: Int.random(in: 1...4, using: &rng), &rng)
                : pieces.randomElement(using: &rng) ?? "x"
        }
        return Scenario(text: text)
    }

    /// The tokens the FTS5 table `table` takes from `text`, in order (its vocabulary is `table`_v).
    static func tokens(_ text: String, table: String, in connection: SQLiteConnection) throws -> [String] {
        try connection.query("DELETE FROM \(table)")
        try connection.query("INSERT INTO \(table) (rowid, x) VALUES (1, ?)", [.text(text)])
        var tokens: [String] = []
        try connection.query("SELECT term FROM \(table)_v ORDER BY offset") { tokens.append($0.text(0)) }
        return tokens
    }

    @Test func theTokenizersTakeTheWordsFromTheIndexableText() async throws {
        let connection = try SQLiteConnection(path: ":memory:", access: .readWrite, busyTimeout: .seconds(1))
        defer { connection.close() }
        try connection.execute("""
            CREATE VIRTUAL TABLE cli USING fts5(x, tokenize = 'ascii');
            CREATE VIRTUAL TABLE cli_v USING fts5vocab(cli, 'instance');
            CREATE VIRTUAL TABLE server USING fts5(x, tokenize = 'unicode61 remove_diacritics 2');
            CREATE VIRTUAL TABLE server_v USING fts5vocab(server, 'instance');
            """)
        await propertyCheck(count: 500, input: Self.scenarios) { scenario in
            let words = SearchText.words(scenario.text)
            let indexable = SearchText.indexable(scenario.text)
            let cliTokens = try? Self.tokens(indexable, table: "cli", in: connection)
            // Byte by byte: Swift's `==` on strings holds canonically equivalent ones equal, FTS5 does not.
            #expect(cliTokens?.map { Array($0.utf8) } == words.map { Array($0.utf8) }, "text \(scenario.testDescription) words \(words.map { NoteInput.spelled($0) })")
            // A server query gives FTS5 each of its words (`FTS5Match`), which it folds as it folds the text.
            guard Self.knownToTheTokenizer(scenario.text) else { return }
            let serverWords = words.flatMap { (try? Self.tokens($0, table: "server", in: connection)) ?? ["?"] }
            let serverTokens = try? Self.tokens(indexable, table: "server", in: connection)
            #expect(serverTokens?.map { Array($0.utf8) } == serverWords.map { Array($0.utf8) }, "text \(scenario.testDescription) words \(serverWords.map { NoteInput.spelled($0) }) tokens \(serverTokens.map { $0.map { NoteInput.spelled($0) } } ?? [])")
        }
        #expect(try Self.tokens(SearchText.indexable("मुझे हिन्दी पसंद है"), table: "server", in: connection) == ["मझ", "हनद", "पसद", "ह"])
        #expect(SearchText.indexable("iPhone同步。OK") == "iPhone 同步 步  OK")
        #expect(SearchText.indexable("no CJK, “quoted”, café") == "no CJK,  quoted , cafe")
        #expect(SearchText.indexable("e\u{301}te, हिन्दी, Ελληνικά") == "ete, हनद, ελληνικα")
    }
}
