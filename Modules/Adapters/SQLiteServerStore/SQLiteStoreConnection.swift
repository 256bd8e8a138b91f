import QuillModels
import SQLiteKit

extension SQLiteConnection {
    /// A connection to the server store's file, set up as every server connection is: a WAL
    /// (readers never wait for the writer), `NORMAL` syncs (durable at each checkpoint, never
    /// torn), foreign keys on, and a page cache of 32 MiB (SQLite's default is 2 MiB, too small
    /// for a search to keep the index's pages it reads each time). Reads go through `pread` into
    /// that cache, not a memory map: a mapped page counts as the server's resident memory, so a
    /// first pull of 100,000 notes, which reads the whole file, took it 800 MiB above idle; with
    /// the bounded cache, 73 MiB, at the same speed of pulls, searches and reads
    /// (docs/performance.md, "The server's resident memory"). It defines `quill_search_text`,
    /// which the search index's triggers call (migration 12).
    static func serverStore(path: String) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(5))
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
                               + " PRAGMA cache_size = -32768;")
        try connection.defineTextFunction("quill_search_text", SearchText.indexable)
        return connection
    }

    /// The one connection that writes, with a page cache of 64 MiB (SQLite's default is 2 MiB).
    /// Each push inserts into the B-trees of four indexes keyed by random note IDs and names:
    /// once those outgrow the cache, every insert copies its pages in from the file again. A first
    /// push of 100,000 notes took 17% less of the server's CPU with it (docs/performance.md,
    /// "Sync"); the cache fills only as far as the store's writes reach. `SQLiteCheckpointer`
    /// copies the WAL back after each write; the writer's own checkpoint, at 16 MiB of WAL rather
    /// than SQLite's 4 MiB, is the backstop that lets a WAL that writes keep growing start over
    /// (with 64 MiB, a first push of 100,000 notes left a WAL of 70 MB and took 6–10% more CPU).
    static func serverStoreWriter(path: String) throws(SQLiteError) -> SQLiteConnection {
        let connection = try serverStore(path: path)
        try connection.execute("PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 4096;")
        return connection
    }

    /// A connection that reads an existing file (a backup) without changing it.
    static func inspecting(path: String) throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: path, access: .readOnly, busyTimeout: .seconds(5))
    }
}
