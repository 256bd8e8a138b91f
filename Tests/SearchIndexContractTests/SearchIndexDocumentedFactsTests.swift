import Foundation
@testable import SQLiteSearchIndex
import Testing

/// Facts docs/ states about the search index, read from the page and held to the code.
@Suite struct SearchIndexDocumentedFactsTests {
    @Test func theLinksPageGivesTheSchemaVersionTheIndexWrites() throws {
        let page = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/links.md"), encoding: .utf8)
        #expect(page.contains("(`search/index.sqlite`, schema version \(SQLiteIndexSchema.version))"),
                "docs/links.md must give the search index's schema version, \(SQLiteIndexSchema.version)")
    }
}
