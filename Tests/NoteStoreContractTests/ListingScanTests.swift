@testable import FileNoteStore
import FileSystemTesting
import Foundation
import NoteStoreInterface
import QuillModels
import StandardTesting
import Testing

/// The listing read from the journal's bytes (`ListingScan`) is the listing of the journal read
/// whole (`SummaryIndex`), whether it is scanned in one part or in two at once, over journals in
/// which a note's lines fall on both sides of the cut. Seeded (`QUILL_LISTING_SEED`).
@Suite("ListingScan")
struct ListingScanTests {
    static let seed = ProcessInfo.processInfo.environment["QUILL_LISTING_SEED"].flatMap(UInt64.init) ?? 0x5eed_0002

    @Test func theScanAgreesWithTheWholeJournalInOneOrTwoParts() throws {
        for round in 0..<20 {
            let seed = Self.seed &+ UInt64(round)
            let files = InMemoryFileSystem()
            try files.write(Self.journal(seed: seed), to: "/index")
            let whole = try #require(try SummaryIndex.load(from: "/index", files: files))
            for query in try Self.queries() {
                let expected = query.arrange(whole.summaries)
                for parallelBytes in [1 << 30, 64] {
                    let found = try ListingScan(query: query, parallelBytes: parallelBytes).run(path: "/index", files: files)
                    #expect(found?.summaries == expected, "seed \(seed) (QUILL_LISTING_SEED): \(query), parts from \(parallelBytes) bytes")
                }
            }
        }
    }

    @Test func aDamagedLineOrHeaderIsNoListing() throws {
        let files = InMemoryFileSystem()
        try files.write(Data("quill-index 1\nnot-an-id\t1\t0\t0\t0\t\tTitle\n".utf8), to: "/index")
        #expect(try ListingScan(query: NoteQuery(limit: 1)).run(path: "/index", files: files) == nil)
        try files.write(Data("something else\n".utf8), to: "/index")
        #expect(try ListingScan(query: NoteQuery(limit: 1)).run(path: "/index", files: files) == nil)
        #expect(try ListingScan(query: NoteQuery(limit: 1)).run(path: "/missing", files: files) == nil)
    }

    static func queries() throws -> [NoteQuery] {
        var queries: [NoteQuery] = []
        for tag in [nil, "x"] as [String?] {
            for deletion in [NoteQuery.Deletion.excluded, .included, .only] {
                for limit in [nil, 0, 1, 7, 500] as [Int?] {
                    queries.append(NoteQuery(tag: try tag.map { try QuillModels.Tag($0) }, limit: limit, deletion: deletion))
                }
            }
        }
        return queries
    }

    /// 60–260 notes of IDs of several lengths, each written 1–4 times in a shuffled order with
    /// times that go back as well as forward, tags, deletions, and a last line cut short.
    static func journal(seed: UInt64) throws -> Data {
        var random = SplitMix64(seed: seed)
        let count = 60 + Int(random.next() % 200)
        var lines: [String] = []
        for number in 0..<count {
            let id = NoteID(String(format: "%llx", random.next() >> (random.next() % 60)))!
            for revision in 1...(1 + Int(random.next() % 4)) {
                let when = Date(millisecondsSince1970: 1_767_603_600_000 + Int64(random.next() % 8) * 60_000)
                let tags = try ["x", "y"].filter { _ in random.next() % 2 == 0 }.map { try QuillModels.Tag($0) }
                lines.append(IndexLine.encode(NoteSummary(
                    id: id, title: "Note \(number) \(revision)", tags: tags, created: when, updated: when,
                    revision: revision, isDeleted: random.next() % 5 == 0)))
            }
        }
        var shuffled: [String] = []
        while !lines.isEmpty {
            // Later revisions of a note stay after earlier ones: take the first line of a random note.
            let position = Int(random.next() % UInt64(lines.count))
            let id = lines[position].prefix { $0 != "\t" }
            let first = lines.firstIndex { $0.prefix { $0 != "\t" } == id }!
            shuffled.append(lines.remove(at: first))
        }
        return Data((IndexLine.header + "\n" + shuffled.joined() + "0123\t1\t0").utf8)
    }
}
