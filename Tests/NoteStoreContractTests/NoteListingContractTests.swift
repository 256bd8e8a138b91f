import Foundation
import NoteStoreInterface
import QuillModels
import StandardTesting
import Testing

/// A listing with a limit, a tag or of the trash is the full listing filtered, sorted newest
/// first and cut, in every store: the file store answers those from the journal's bytes
/// (`ListingScan`) and resolves ID prefixes the same way, and neither may differ from reading
/// every summary. Seeded (`QUILL_LISTING_SEED`); the seed is in every failure's message.
@Suite("NoteStore contract: listings", .scratchDirectory)
struct NoteListingContractTests {
    static let seed = ProcessInfo.processInfo.environment["QUILL_LISTING_SEED"].flatMap(UInt64.init) ?? 0x5eed_0001

    @Test(arguments: Implementation.allCases)
    func aSelectiveListingIsTheFullOneFilteredSortedAndCut(fixture: Implementation) async throws {
        for round in 0..<3 {
            let seed = Self.seed &+ UInt64(round)
            let store = try fixture.make()
            try await Self.writeRandomHistory(into: store, seed: seed)
            let everything = try await store.list(NoteQuery(includeDeleted: true)).notes
            for tag in [nil, "x", "y"] as [String?] {
                for deletion in [NoteQuery.Deletion.excluded, .included, .only] {
                    for limit in [nil, 0, 1, 3, 10, 1000] as [Int?] {
                        let query = NoteQuery(tag: try tag.map { try QuillModels.Tag($0) }, limit: limit, deletion: deletion)
                        #expect(try await store.list(query).notes == query.arrange(everything),
                                "seed \(seed) (QUILL_LISTING_SEED): tag \(tag ?? "-"), \(deletion), limit \(limit.map(String.init) ?? "none")")
                    }
                }
            }
            #expect(try await store.list(.trash).notes.allSatisfy(\.isDeleted), "seed \(seed)")
            for prefix in ["", "a", "ab", "c", "0"] {
                for includingDeleted in [false, true] {
                    let expected = everything.filter { (includingDeleted || !$0.isDeleted) && $0.id.rawValue.hasPrefix(prefix) }.map(\.id).sorted()
                    #expect(try await store.ids(withPrefix: prefix, includingDeleted: includingDeleted) == expected,
                            "seed \(seed): prefix \(prefix), including deleted \(includingDeleted)")
                }
            }
        }
    }

    /// Notes with IDs of several lengths (some the prefix of another), a few update times shared
    /// by many (so order falls to the ID), then updates that move a note's time back as well as
    /// forward (a sync writes the other device's time), retagging, deletions and restores.
    private static func writeRandomHistory(into store: any NoteStore, seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let ids = ["a", "ab", "abc", "ab0", "c", "c0", "0"] + (0..<40).map { _ in String(format: "%032llx", random.next()) }
        func date() -> Date { NoteMaker.start.addingTimeInterval(Double(random.next() % 6) * 60) }
        func tags() throws -> [QuillModels.Tag] { try ["x", "y", "z"].filter { _ in random.next() % 3 == 0 }.map { try QuillModels.Tag($0) } }
        var notes: [Note] = []
        for id in ids {
            let when = date()
            notes.append(try Note(id: NoteID(id)!, title: "Note \(id)", body: "", tags: try tags(), created: when, updated: when))
        }
        try await store.apply(notes.map { .create($0) }, origin: .local)
        for _ in 0..<120 {
            let position = Int(random.next() % UInt64(notes.count))
            let current = notes[position]
            let next: Note = switch random.next() % 4 {
            case 0: current.deleted(at: date())
            case 1: try current.revised(tags: try tags(), at: date())
            default: try current.revised(title: "Note \(current.id.rawValue) \(random.next() % 100)", at: date())
            }
            try await store.update(next, expectedRevision: current.revision)
            notes[position] = next
        }
    }
}
