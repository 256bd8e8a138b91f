import Foundation
import PropertyBased
import QuillModels
import ServerStoreInterface
import ServerStoreTesting
import Testing

/// Every server store finds what the in-memory fake (`NoteSearch` as code) finds, for random
/// notes and searches over a small vocabulary rich in case, diacritics, punctuation and
/// query syntax, so that words, prefixes, phrases and tags collide often.
@Suite("Search agrees with the fake on every store")
struct SearchAgreementTests {
    static let date = Date(millisecondsSince1970: 1_767_225_600_123)

    static let vocabulary = [
        "café", "Cafe", "CAFÉ", "naïve", "naive", "ÅNGSTRÖM", "angstrom", "résumé", "resume", "e-mail", "mail", "the",
        "dog", "dogs", "Dogma", "brown", "fox", "it's", "a'b", "\"q\"", "x*y", "1.5", "über", "uber", "NEAR", "AND", "or",
        "a:b", "(x)", "!", "&", "\\", "'", "tag:dog",
    ]
    static let separators = [" ", ", ", "\n", " - ", "; ", "\t"]
    static let tags = ["home", "work", "dog"]

    /// Notes (some deleted) and searches in the vocabulary.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let notes: [(title: String, body: String, tags: [String], deleted: Bool)]
        let searches: [String]
        var testDescription: String { "notes: \(notes)\nsearches: \(searches)" }
    }

    static func text(words: ClosedRange<Int>, _ rng: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: words, using: &rng)).map { index in
            (index == 0 ? "" : separators.randomElement(using: &rng) ?? " ") + (vocabulary.randomElement(using: &rng) ?? "x")
        }.joined()
    }

    static func search(_ rng: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &rng)).map { _ -> String in
            let word = vocabulary.randomElement(using: &rng) ?? "x"
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return "\"" + text(words: 2...3, &rng) + "\""
            case 1: return String(word.prefix(Int.random(in: 1...3, using: &rng))) + "*"
            case 2: return "tag:" + (tags.randomElement(using: &rng) ?? "home")
            default: return word
            }
        }.joined(separator: " ")
    }

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        Scenario(
            notes: (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                (text(words: 1...4, &rng), text(words: 0...12, &rng), tags.filter { _ in Bool.random(using: &rng) },
                 Int.random(in: 0..<6, using: &rng) == 0)
            },
            searches: (0..<8).map { _ in search(&rng) })
    }

    @Test("random notes and searches: the same notes found, each once", arguments: ServerStoreKind.available)
    func everyStoreFindsWhatTheFakeFinds(_ kind: ServerStoreKind) async throws {
        try await kind.withStore { store in
            var counter = 0
            await propertyCheck(count: Budget.slowCases, input: Self.scenarios) { scenario in
                counter += 1
                let fake = InMemoryServerStore()
                let account = try await store.newAccount("search-\(counter)")
                let reference = try await fake.newAccount("search-\(counter)")
                for (index, input) in scenario.notes.enumerated() {
                    // A title is one line; one of punctuation only is still a title, found by its tags.
                    guard let note = try? Note(id: NoteID(high: 3, low: UInt64(index + 1)), title: input.title.replacing("\n", with: " "), body: input.body,
                                               tags: Tag.normalize(input.tags), created: Self.date, updated: Self.date)
                    else { continue }
                    for target in [(store as any ServerNoteRepository, account), (fake, reference)] {
                        _ = try await target.0.create(note, account: target.1)
                        if input.deleted { _ = try await target.0.delete(note.id, account: target.1, ifRevision: 1, at: Self.date, origin: .api) }
                    }
                }
                for text in scenario.searches {
                    guard let query = try? SearchQuery(text) else { continue }
                    let expected = try await Self.allPages(query, of: fake, account: reference)
                    let found = try await Self.allPages(query, of: store, account: account)
                    #expect(found.count == Set(found).count, "each note once: \(text)")
                    #expect(Set(found) == Set(expected), "search \(text)")
                }
            }
        }
    }

    static func allPages(_ query: SearchQuery, of store: any ServerNoteRepository, account: AccountID) async throws -> [NoteID] {
        var ids: [NoteID] = []
        var after: NoteID?
        for _ in 0..<100 {
            let page = try await store.search(query, account: account, tagged: nil, after: after, limit: 3)
            ids += page.notes.map(\.id)
            guard page.hasMore else { break }
            after = page.last
        }
        return ids
    }
}
