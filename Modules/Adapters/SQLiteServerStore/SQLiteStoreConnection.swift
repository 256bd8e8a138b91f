import QuillModels
import SQLiteKit

extension SQLiteConnection {
    /// A connection to the server store's file, set up as every server connection is: a WAL
    /// (readers never wait for the writer), `NORMAL` syncs (durable at each checkpoint, never
    /// torn), foreign keys on, and reads through a memory map of up to 1 GiB instead of `pread`
    /// copies into each connection's page cache. It defines `quill_search_text`, which the
    /// search index's triggers call (migration 12).
    static func serverStore(path: String) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(5))
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
                               + " PRAGMA mmap_size = \(1 << 30);")
        try connection.defineTextFunction("quill_search_text", SearchText.indexable)
        return connection
    }

    /// A connection that reads an existing file (a backup) without changing it.
    static func inspecting(path: String) throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: path, access: .readOnly, busyTimeout: .seconds(5))
    }
}
