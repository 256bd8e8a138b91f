import QuillModels
import Testing

/// The one rule of what a write over a note may replace.
@Suite struct ReplacedRevisionTests {
    @Test func aWriteNamingARevisionReplacesOnlyThatOne() {
        #expect(ReplacedRevision.exactly(3).allows(replacing: 3))
        #expect(!ReplacedRevision.exactly(3).allows(replacing: 4))
        #expect(!ReplacedRevision.exactly(3).allows(replacing: 2))
    }

    @Test func aWriteOverWhateverIsCurrentReplacesAnyRevision() {
        for revision in [1, 2, 999_999_999_999_999_999] { #expect(ReplacedRevision.current.allows(replacing: revision)) }
    }
}
