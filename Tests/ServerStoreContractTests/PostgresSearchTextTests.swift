@testable import PostgresServerStore
import Testing

/// A note's `tsvector` text: each lexeme once, in order of first appearance, title positions at
/// weight A, the body's after a gap, and PostgreSQL's limits kept.
@Suite struct PostgresSearchTextTests {
    @Test func lexemesInOrderWithTheirPositionsAndWeights() {
        #expect(PostgresSearchText.vector(title: "Hello World", body: "hello again, World's end")
                == "'hello':1A,4 'world':2A,6 'again':5 's':7 'end':8")
        #expect(PostgresSearchText.vector(title: "", body: "") == "")
        #expect(PostgresSearchText.vector(title: "Café", body: "CAFE café") == "'cafe':1A,3,4")
    }

    @Test func positionsPerLexemeAndPositionsThemselvesAreCapped() {
        let vector = PostgresSearchText.vector(title: "t", body: Array(repeating: "w", count: 300).joined(separator: " "))
        let positions = vector.split(separator: " ")[1].dropFirst(4).split(separator: ",")
        #expect(positions.count == PostgresSearchText.maximumPositionsPerLexeme && positions.first == "3")
        let far = PostgresSearchText.vector(title: "", body: (0..<17_000).map { "w\($0)" }.joined(separator: " "))
        #expect(far.hasSuffix("'w16999':\(PostgresSearchText.maximumPosition)"))
    }
}
