import Foundation
import QuillModels
import LocalFileSystem
import ScratchDirectories
import SearchIndexInterface
import SearchIndexTesting
import SQLiteSearchIndex

/// Every `SearchIndex` implementation the contract must hold for.
enum IndexFixture: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqlite
    case failingWithNoFailures

    var description: String { rawValue }

    func make() throws -> any SearchIndex {
        switch self {
        case .inMemory: InMemorySearchIndex()
        case .sqlite: SQLiteSearchIndex(path: try Scratch.directory("index") + "/search/index.sqlite", files: LocalFileAccessor())
        case .failingWithNoFailures: FailingSearchIndex(wrapping: InMemorySearchIndex())
        }
    }
}

/// Builds valid notes for index tests with little ceremony.
enum Notes {
    static let start = Date(millisecondsSince1970: 1_767_603_600_000)

    static func note(_ number: UInt64, title: String? = nil, body: String = "", tags: [String] = [], minutes: Double = 0) throws -> Note {
        let date = start.addingTimeInterval(minutes * 60)
        return try Note(id: NoteID(high: 0x5ea, low: number), title: title ?? "Note \(number)", body: body,
                        tags: Tag.normalize(tags), created: date, updated: date)
    }
}

extension SearchIndex {
    /// Indexes `notes` as one batch after whatever cursor the index has.
    func index(_ notes: [Note], removing removals: [NoteID] = []) async throws {
        let cursor = try await cursor()
        let next = JournalCursor((cursor?.rawValue ?? "") + "+")
        guard try await apply(SearchIndexBatch(notes: notes, removals: removals), expected: cursor, next: next) else {
            throw SearchIndexError.unavailable("the cursor moved")
        }
    }

    func titles(_ text: String, limit: Int? = nil) async throws -> [String] {
        try await search(SearchQuery(text), limit: limit).map(\.title)
    }
}
