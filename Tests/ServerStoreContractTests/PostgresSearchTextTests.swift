@testable import PostgresServerStore
import PropertyBased
import Testing

/// A note's `tsvector` (shown as its text): each lexeme once, in order of first appearance, title positions at
/// weight A, the body's after a gap, and PostgreSQL's limits kept.
@Suite struct PostgresSearchTextTests {
    @Test func lexemesInOrderWithTheirPositionsAndWeights() {
        #expect(PostgresSearchText.vector(title: "Hello World", body: "hello again, World's end").description
                == "'hello':1A,4 'world':2A,6 'again':5 's':7 'end':8")
        #expect(PostgresSearchText.vector(title: "", body: "") == .empty)
        #expect(PostgresSearchText.vector(title: "Café", body: "CAFE café").description == "'cafe':1A,3,4")
        #expect(PostgresSearchText.vector(title: "it's", body: "l'été \\").description == "'it':1A 's':2A 'l':4 'ete':5")
    }

    @Test func positionsPerLexemeAndPositionsThemselvesAreCapped() {
        let vector = PostgresSearchText.vector(title: "t", body: Array(repeating: "w", count: 300).joined(separator: " ")).description
        let positions = vector.split(separator: " ")[1].dropFirst(4).split(separator: ",")
        #expect(positions.count == PostgresSearchText.maximumPositionsPerLexeme && positions.first == "3")
        let far = PostgresSearchText.vector(title: "", body: (0..<17_000).map { "w\($0)" }.joined(separator: " ")).description
        #expect(far.hasSuffix("'w16999':\(PostgresSearchText.maximumPosition)"))
        // Positions past the last are written as it, once.
        let body = (0..<17_000).map { $0 % 100 == 0 ? "x" : "w\($0)" }.joined(separator: " ")
        let repeated = PostgresSearchText.vector(title: "", body: body).description
        #expect(repeated.hasPrefix("'x':2,102,") && repeated.contains(",16302,\(PostgresSearchText.maximumPosition) 'w1':3 "))
    }

    /// ASCII text drawn from few words, so that lexemes repeat, with punctuation, controls and
    /// now and then a word too long to index.
    static let asciiText = Generator<String, Shrink.None<String>> { rng in
        let pieces = ["a", "Be", "cafe", "w9", "x_y", "e-mail", "it's", "\\", "''", "\t", "\n", " ", "  ", ",", "\u{7f}", "\u{01}", "42", "Z"]
        var text = ""
        for _ in 0..<Int.random(in: 0...600, using: &rng) {
            text += Int.random(in: 0..<200, using: &rng) == 0
                ? String(repeating: "q", count: Int.random(in: 2040...2050, using: &rng))
                : pieces[Int.random(in: 0..<pieces.count, using: &rng)]
            if Bool.random(using: &rng) { text += " " }
        }
        return text
    }

    @Test func asciiNotesGetTheVectorOfTheGeneralPath() async {
        await propertyCheck(count: 200, input: Self.asciiText, Self.asciiText) { title, body in
            #expect(PostgresASCIIVector.vector(title: title, body: body) == PostgresSearchText.generalVector(title: title, body: body))
        }
        let far = (0..<17_000).map { "w\($0 % 300)" }.joined(separator: " ")
        #expect(PostgresASCIIVector.vector(title: "W1", body: far) == PostgresSearchText.generalVector(title: "W1", body: far))
        #expect(PostgresASCIIVector.vector(title: "Café", body: "") == nil)
    }
}
