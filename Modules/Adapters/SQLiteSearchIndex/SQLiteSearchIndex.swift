import Foundation
import QuillModels
import SearchIndexInterface
import Synchronization

/// The CLI's search index: SQLite FTS5 (`unicode61 remove_diacritics 2`, the tokenizer
/// `SearchText` mirrors) in one file beside the notes.
///
/// It keeps a rollback journal (`TRUNCATE`), not a write-ahead log: an index is mostly written in
/// bulk, by the first search after an import, and a rollback journal copies only the pages a
/// transaction changes, not the new ones it appends, while a WAL writes everything twice; and a
/// WAL left behind is read back whole by the next process to open the file. Measured on 100,000
/// notes: the whole build 3.0 s against 3.5 s in SQLite alone, and no WAL recovery afterwards.
///
/// The file is opened on first use, so commands that never search (`add`, `edit`) never touch
/// it. Everything it holds is derived from the notes: a file that is not a database, is
/// damaged or has another schema version is deleted and made afresh (`removeAll`).
public final class SQLiteSearchIndex: SearchIndex {
    private let path: String
    private let connection = Mutex<SQLiteConnection?>(nil)

    public init(path: String) {
        self.path = path
    }

    public func cursor() async throws -> JournalCursor? {
        try using { connection in try SQLiteIndexSchema.cursor(connection) }
    }

    public func revisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
        try using { connection in
            var found: [NoteID: Int] = [:]
            for id in ids {
                try connection.query("SELECT revision FROM indexed_notes WHERE id = ?", [.text(id.rawValue)]) { row in
                    found[id] = Int(row.integer(0))
                }
            }
            return found
        }
    }

    public func indexedIDs() async throws -> Set<NoteID> {
        try using { connection in
            var ids = Set<NoteID>()
            try connection.query("SELECT id FROM indexed_notes") { row in
                if let id = NoteID(row.text(0)) { ids.insert(id) }
            }
            return ids
        }
    }

    public func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor) async throws -> Bool {
        try using { connection in
            try connection.transaction {
                guard try SQLiteIndexSchema.cursor(connection) == expected else { return false }
                for id in batch.removals { try SQLiteIndexRows.remove(id, in: connection) }
                for note in batch.notes {
                    if note.isDeleted {
                        try SQLiteIndexRows.remove(note.id, in: connection)
                    } else {
                        try SQLiteIndexRows.insertOrReplace(note, in: connection)
                    }
                }
                try connection.query("INSERT OR REPLACE INTO index_state (key, value) VALUES ('cursor', ?)", [.text(next.rawValue)])
                return true
            }
        }
    }

    public func search(_ query: SearchQuery, limit: Int?) async throws -> [SearchHit] {
        try using { connection in try connection.transaction(immediate: false) { try SQLiteIndexQuery(query, limit: limit).run(connection) } }
    }

    public func removeAll() async throws {
        try connection.withLock { connection in
            connection?.close()
            connection = nil
            try deleteFiles()
        }
    }

    /// Runs `body` on the open connection (opening it first), reporting SQLite's errors as
    /// `SearchIndexError`: `damaged` for a file that is not a whole database.
    private func using<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in
            do {
                if connection == nil { connection = try open() }
                guard let open = connection else { throw SearchIndexError.unavailable("not open") }
                return try body(open)
            } catch let error as SQLiteError {
                throw error.isDamage ? SearchIndexError.damaged(error.description) : SearchIndexError.unavailable(error.description)
            }
        }
    }

    /// Opens the file, making it afresh if it holds another schema version.
    private func open() throws -> SQLiteConnection {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let connection = try SQLiteConnection(path: path)
        if try SQLiteIndexSchema.prepare(connection) { return connection }
        connection.close()
        try deleteFiles()
        let fresh = try SQLiteConnection(path: path)
        guard try SQLiteIndexSchema.prepare(fresh) else {
            throw SearchIndexError.unavailable("cannot create the index at \(path)")
        }
        return fresh
    }

    private func deleteFiles() throws {
        for suffix in ["", "-journal", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.removeItem(atPath: path + suffix)
            } catch {
                throw SearchIndexError.unavailable("cannot remove \(path + suffix): \(error.localizedDescription)")
            }
        }
    }
}
