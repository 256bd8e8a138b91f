import FileSystemInterface
import Foundation
import QuillModels
import SearchIndexInterface
import SQLiteKit
import Synchronization

/// The CLI's search index: SQLite FTS5 over the words `SearchText` folds (`SQLiteIndexSchema`),
/// in one file beside the notes.
///
/// It keeps a rollback journal (`TRUNCATE`), not a write-ahead log: an index is mostly written in
/// bulk, by the first search after an import, and a rollback journal copies only the pages a
/// transaction changes, not the new ones it appends, while a WAL writes everything twice; and a
/// WAL left behind is read back whole by the next process to open the file. Measured on 100,000
/// notes: the whole build 3.0 s against 3.5 s in SQLite alone, and no WAL recovery afterwards.
///
/// A catch-up of several pages commits all but its last with `synchronous = OFF`, and the last
/// with `FULL`, which makes them all durable at once (`UnsyncedIndexWrites` covers the pages in
/// between): waiting for the disk after every page of the first search after an import, while
/// the disk was still writing the import back, cost about a second at 100,000 notes.
///
/// The file is opened on first use, so commands that never search (`add`, `edit`) never touch
/// it. Everything it holds is derived from the notes: a file that is not a database, is
/// damaged, has another schema version or may have lost commits in a restart of the machine is
/// deleted and made afresh (`removeAll`).
public final class SQLiteSearchIndex: SearchIndex, LinkIndex, AttachmentIndex {
    private let path: String
    private let files: any FileAccessing
    private let unsynced: UnsyncedIndexWrites
    private let state = Mutex(State())

    /// The open connection, and this instance's marker while some of its commits may not be on
    /// the disk yet.
    private struct State {
        var connection: SQLiteConnection?
        var marker: String?
    }

    /// - Parameter files: how the index's folder is made and its files removed, where the markers
    ///   of commits not yet on the disk are kept, and how a restart of the machine is told.
    public init(path: String, files: any FileAccessing) {
        self.path = path
        self.files = files
        self.unsynced = UnsyncedIndexWrites(indexPath: path, files: files)
    }

    public func cursor() async throws -> JournalCursor? {
        try using { connection, _ in try SQLiteIndexSchema.cursor(connection) }
    }

    public func revisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
        try using { connection, _ in
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
        try using { connection, _ in
            var ids = Set<NoteID>()
            try connection.query("SELECT id FROM indexed_notes") { row in
                if let id = NoteID(row.text(0)) { ids.insert(id) }
            }
            return ids
        }
    }

    public func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor, moreToFollow: Bool) async throws -> Bool {
        try using { connection, marker in
            if moreToFollow, marker == nil { marker = try unsynced.mark() }
            let deferring = moreToFollow && marker != nil
            try connection.execute("PRAGMA synchronous = \(deferring ? "OFF" : marker == nil ? "NORMAL" : "FULL")")
            let applied = try connection.transaction {
                guard try SQLiteIndexSchema.cursor(connection) == expected else { return false }
                for id in batch.removals { try SQLiteIndexRows.remove(id, in: connection) }
                for entry in batch.entries {
                    if entry.note.isDeleted {
                        try SQLiteIndexRows.remove(entry.note.id, in: connection)
                    } else {
                        try SQLiteIndexRows.insertOrReplace(entry, in: connection)
                    }
                }
                try connection.query("INSERT OR REPLACE INTO index_state (key, value) VALUES ('cursor', ?)", [.text(next.rawValue)])
                return true
            }
            // A commit that wrote nothing (the cursor had moved) synced nothing either.
            if !deferring, applied, let written = marker {
                unsynced.remove(written)
                marker = nil
            }
            return applied
        }
    }

    public func search(_ query: SearchQuery, limit: Int?) async throws -> [NoteSummary] {
        try reading { try SQLiteIndexQuery(query, limit: limit).run($0) }
    }

    /// Runs a read in one snapshot. Only reads go through the memory map: pages a build touches
    /// would stay mapped and count in its memory, without making it faster.
    private func reading<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try using { connection, _ in
            try connection.execute("PRAGMA mmap_size = \(SQLiteIndexSchema.mappedBytes)")
            return try connection.transaction(immediate: false) { try body(connection) }
        }
    }

    public func notesReferringToAttachments() async throws -> [NoteSummary] {
        try reading { connection in
            var found: [NoteSummary] = []
            try connection.query("SELECT \(SQLiteIndexQuery.columns) FROM note_attachments a JOIN indexed_notes n ON n.rowid = a.note"
                                 + " ORDER BY n.updated_ms DESC, n.id") { row in
                if let summary = SQLiteIndexQuery.summary(row) { found.append(summary) }
            }
            return found
        }
    }

    public func links(from id: NoteID) async throws -> [ResolvedLink] {
        try reading { try SQLiteLinkQuery($0).links(from: id) }
    }

    public func backlinks(to id: NoteID) async throws -> [ResolvedLink] {
        try reading { try SQLiteLinkQuery($0).backlinks(to: id) }
    }

    public func links(_ selection: LinkSelection) async throws -> [ResolvedLink] {
        try reading { try SQLiteLinkQuery($0).links(selection) }
    }

    public func removeAll() async throws {
        try state.withLock { state in
            state.connection?.close()
            state.connection = nil
            state.marker = nil
            try deleteFiles()
        }
    }

    /// Runs `body` on the open connection (opening it first) and this instance's marker,
    /// reporting SQLite's and the markers' errors as `SearchIndexError`: `damaged` for a file
    /// that is not a whole database.
    private func using<T: Sendable>(_ body: (SQLiteConnection, inout String?) throws -> T) throws -> T {
        try state.withLock { state in
            do {
                if state.connection == nil { state.connection = try open() }
                guard let open = state.connection else { throw SearchIndexError.unavailable("not open") }
                return try body(open, &state.marker)
            } catch let error as SQLiteError {
                throw error.isDamage ? SearchIndexError.damaged(error.description) : SearchIndexError.unavailable(error.description)
            } catch let error as FileSystemError {
                throw SearchIndexError.unavailable(error.description)
            }
        }
    }

    /// Opens the file, making it afresh if it holds another schema version or may have lost
    /// commits in a restart of the machine.
    private func open() throws -> SQLiteConnection {
        try files.createDirectory((path as NSString).deletingLastPathComponent)
        if try unsynced.mayHaveLostCommits() { try deleteFiles() }
        let connection = try connect()
        if try SQLiteIndexSchema.prepare(connection) { return connection }
        connection.close()
        try deleteFiles()
        let fresh = try connect()
        guard try SQLiteIndexSchema.prepare(fresh) else {
            throw SearchIndexError.unavailable("cannot create the index at \(path)")
        }
        return fresh
    }

    /// A catch-up page of another `quill` process holds the write lock for up to a few
    /// seconds; a search waits for it rather than failing.
    private func connect() throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(10))
    }

    /// Removes the file, its journals and every marker.
    private func deleteFiles() throws {
        do {
            for suffix in ["", "-journal", "-wal", "-shm"] where files.exists(path + suffix) { try files.remove(path + suffix) }
            try unsynced.removeAll()
        } catch let error as FileSystemError {
            throw SearchIndexError.unavailable("cannot remove the index at \(path): \(error.description)")
        }
    }
}
