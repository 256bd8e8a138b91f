import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import StandardTesting
import Testing

/// `list --json` and `search --json` are written directly, not through `JSONEncoder`; here they
/// are held to the bytes `JSONEncoder` (as every other `--json` output is configured) writes for
/// the same documents, over notes with titles, tags and bodies in many scripts, with quotes,
/// backslashes, control characters and DEL.
@Suite("list and search JSON")
struct SummaryListJSONTests {
    /// The documented shape (docs/cli.md), as `JSONEncoder` sees it.
    struct Listed: Codable {
        let id: String
        let title: String
        let tags: [String]
        let created: String
        let updated: String
        let revision: Int
        let snippet: String?
        let snippetParts: [Part]?

        struct Part: Codable {
            let match: Bool
            let text: String
        }
    }

    static let pieces = ["milk", "Milk", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "同步", "プラグイン", "동기화", "مرحبا", "🧪", "é", " ", "a"]

    static func text(_ generator: inout SplitMix64, words: ClosedRange<Int>) -> String {
        (0..<Int.random(in: words, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test(arguments: [1, 2, 3])
    func bothAreTheBytesJSONEncoderWrites(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        var notes: [Note] = []
        for number in 1...40 {
            let date = Date(millisecondsSince1970: 1_767_603_600_000 + Int64(number) * 61_001)
            let tags = (0..<Int.random(in: 0...3, using: &generator)).map { _ in ["work", "同步", "a-b", "x_1"].randomElement(using: &generator)! }
            notes.append(try Note(
                id: NoteID(high: seed, low: UInt64(number)), title: "T" + Self.text(&generator, words: 0...6).filter { !$0.isNewline },
                body: "milk " + Self.text(&generator, words: 0...30), tags: Tag.normalize(tags), created: date, updated: date))
        }
        let store = InMemoryNoteStore(notes: notes)
        for arguments in [["list", "--json"], ["list", "--json", "--tag", "nothing"], ["search", "milk", "--json"], ["search", "nothing", "--json"]] {
            let console = RecordingConsole()
            try await run(arguments, in: QuillTestRoots.test(
                store: store, console: console, searchIndex: InMemorySearchIndex(), searchSource: ListingSearchSource(store: store)))
            let documents = try JSONDecoder().decode([Listed].self, from: Data(console.output.utf8))
            #expect(documents.count == (arguments.contains("nothing") ? 0 : notes.count), "seed \(seed): \(arguments)")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            let expected = String(decoding: try encoder.encode(documents), as: UTF8.self) + "\n"
            #expect(console.output == expected, "seed \(seed): \(arguments)")
            for document in documents where arguments[0] == "search" {
                let parts = try #require(document.snippetParts, "seed \(seed)")
                #expect(parts.map { $0.match ? "**\($0.text)**" : $0.text }.joined() == document.snippet, "seed \(seed)")
                #expect(parts.contains { $0.match }, "seed \(seed)")
            }
        }
    }
}
