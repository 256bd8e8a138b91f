import Foundation
import QuillModels
import SyncStateInterface

/// Keeps base revisions in `base-revisions.log`: one `ID REVISION` line per record,
/// appended durably, the highest revision per note winning when read back.
///
/// An append-only log because a sync records revisions for every note it touches while
/// reading only those of pending notes: appending costs what was recorded, not the size of
/// the store. The log is rewritten compactly once it holds many superseded lines.
public actor FileBaseRevisionStore: BaseRevisionStoring {
    public let path: String
    private var cache: [NoteID: Int]?
    private var lines = 0

    public init(directory: String) { path = directory + "/base-revisions.log" }

    public func baseRevisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
        if cache == nil && ids.count <= Self.scanLimit { return try scan(for: ids) }
        let all = try loaded()
        var found: [NoteID: Int] = [:]
        for id in ids { found[id] = all[id] }
        return found
    }

    /// Up to this many IDs are looked up by scanning the log's bytes instead of loading it all:
    /// the usual sync pushes a few notes, and a store of 100,000 notes has a log of 100,000 lines.
    static let scanLimit = 32

    private func scan(for ids: [NoteID]) throws -> [NoteID: Int] {
        guard let data = try DurableFile.read(path) else { return [:] }
        let wanted = ids.map { ($0, Array($0.rawValue.utf8)) }
        var found: [NoteID: Int] = [:]
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if let space = (start..<end).first(where: { bytes[$0] == UInt8(ascii: " ") }) {
                    for (id, key) in wanted where key.count == space - start
                        && key.withUnsafeBytes({ $0.elementsEqual(UnsafeRawBufferPointer(rebasing: bytes[start..<space])) }) {
                        if let revision = Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(space + 1)..<end]), as: UTF8.self)) {
                            found[id] = max(found[id] ?? 0, revision)
                        }
                    }
                }
                start = end + 1
            }
        }
        return found
    }

    public func record(_ revisions: [NoteID: Int]) async throws {
        guard !revisions.isEmpty else { return }
        // Starting with a line break ends a line torn by a crash, so it cannot swallow this record.
        var text = "\n"
        for (id, revision) in revisions { text += "\(id.rawValue) \(revision)\n" }
        try DurableFile.append(Data(text.utf8), to: path)
        // Merged where it is stored: a copy of the cache would copy the whole store's revisions
        // for every batch a first sync records.
        guard cache != nil else { return }
        cache!.merge(revisions, uniquingKeysWith: max)
        lines += revisions.count
        if let cache, lines > 2 * cache.count + 10_000 { try compact(cache) }
    }

    public func reset() async throws {
        try DurableFile.remove(path)
        cache = [:]
        lines = 0
    }

    private func loaded() throws -> [NoteID: Int] {
        if let cache { return cache }
        var all: [NoteID: Int] = [:]
        var count = 0
        if let data = try DurableFile.read(path) {
            for line in data.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: " "))
                // A torn last line (a crash mid-append) is skipped: its record is simply redone.
                guard fields.count == 2, let id = NoteID(String(decoding: fields[0], as: UTF8.self)),
                      let revision = Int(String(decoding: fields[1], as: UTF8.self)) else { continue }
                all[id] = max(all[id] ?? 0, revision)
                count += 1
            }
        }
        cache = all
        lines = count
        return all
    }

    private func compact(_ all: [NoteID: Int]) throws {
        var text = ""
        for (id, revision) in all { text += "\(id.rawValue) \(revision)\n" }
        try DurableFile.replace(path, with: Data(text.utf8))
        lines = all.count
    }
}
