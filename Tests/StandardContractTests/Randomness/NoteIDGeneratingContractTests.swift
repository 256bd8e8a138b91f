import QuillModels
import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `NoteIDGenerating` must do, run against the random IDs and the sequential fake.
@Suite("NoteIDGenerating contract")
struct NoteIDGeneratingContractTests {
    /// Every `NoteIDGenerating` implementation.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case random
        case sequential

        var testDescription: String { rawValue }

        func make() -> any NoteIDGenerating {
            switch self {
            case .random: RandomNoteIDs()
            case .sequential: SequentialNoteIDs()
            }
        }
    }

    @Test("IDs never repeat and each reads back from its text", arguments: Implementation.allCases)
    func distinctAndParsable(_ implementation: Implementation) {
        let generator = implementation.make()
        let ids = (0..<10_000).map { _ in generator.next() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(100) {
            #expect(NoteID(id.rawValue) == id)
        }
    }
}
