import SQLiteKit

/// The search text writes leave queued (`notes_search_queue`, migration 16), and its indexing.
///
/// Exists because indexing is most of what a push costs the server: FTS5 taking in each batch's
/// text, merging its segments, and the WAL of both took 40% of its CPU in a first push of
/// 100,000 notes. A push leaves its notes' text queued; the next search indexes the queue first,
/// a chunk per transaction, so that it finds every note written before it and a writer waits
/// for one chunk at most. Any other write indexes the queue at its end when it holds a chunk at
/// most, and leaves a larger one. Once pushes pause for a second, the store indexes the queue by
/// itself, so that a search seldom finds much to do; a search that comes first does it.
public enum SearchTextQueue {
    /// The rows one transaction indexes: about 80 ms of FTS5's work for notes of 1–4 KiB.
    static let rowsPerChunk = 2_000
    /// How long pushes pause before the store catches the index up by itself.
    public static let pause = Duration.seconds(1)

    /// Indexes up to `rowsPerChunk` queued rows, in the order of their rowid.
    static func indexChunk(on connection: SQLiteConnection) throws {
        try connection.execute("""
            INSERT INTO notes_search (rowid, title, body)
                SELECT n.rowid, quill_search_text(n.title), quill_search_text(n.body)
                FROM (SELECT row FROM notes_search_queue ORDER BY row LIMIT \(rowsPerChunk)) q JOIN notes n ON n.rowid = q.row;
            DELETE FROM notes_search_queue WHERE row IN (SELECT row FROM notes_search_queue ORDER BY row LIMIT \(rowsPerChunk));
            """)
    }

    /// Whether any text is queued.
    static func isEmpty(on connection: SQLiteConnection) throws -> Bool {
        var queued = false
        try connection.query("SELECT 1 FROM notes_search_queue LIMIT 1") { _ in queued = true }
        return !queued
    }

    /// Indexes the queue when it holds at most a chunk; a larger one waits for the next search.
    static func indexIfSmall(on connection: SQLiteConnection) throws {
        var queued = 0
        try connection.query("SELECT count(*) FROM (SELECT 1 FROM notes_search_queue LIMIT \(rowsPerChunk + 1))") {
            queued = Int($0.integer(0))
        }
        if queued > 0 && queued <= rowsPerChunk { try indexChunk(on: connection) }
    }
}

extension SQLiteServerStore {
    /// After a push: indexes what pushes queued once none has come for `searchCatchUpPause`.
    func scheduleSearchCatchUp() {
        let push = pushesSeen.add(1, ordering: .relaxed).newValue
        let pause = searchCatchUpPause
        Task.detached(priority: .background) { [weak self] in
            try? await Task.sleep(for: pause)
            guard let self, self.pushesSeen.load(ordering: .relaxed) == push else { return }
            // A failure (the store closed meanwhile) leaves the queue to the next search.
            try? await self.catchUpSearchText()
        }
    }

    /// Indexes whatever writes left queued before a search reads the index: a chunk per write
    /// transaction until none is left, asking a reading connection first (nearly always empty).
    /// Between chunks the task yields, so that a large queue (a first push of a whole vault) holds
    /// a thread for a chunk at a time, as a push's batch does, not for the whole catch-up.
    func catchUpSearchText() async throws {
        guard queuesSearchText.load(ordering: .relaxed), try !reading(SearchTextQueue.isEmpty) else { return }
        var done = false
        while !done {
            done = try guarded { connection in
                try connection.transaction {
                    try SearchTextQueue.indexChunk(on: connection)
                    return try SearchTextQueue.isEmpty(on: connection)
                }
            }
            if !done { await Task.yield() }
        }
    }
}
