import VaporCSQLite

/// One open SQLite database file, with its prepared statements cached by SQL text: the one
/// wrapper over SQLite's C API that every SQLite adapter (the search index, the server store)
/// uses, so a fix or a fast path lands once.
///
/// SQLite is the one vapor/sqlite-nio builds in (its C module `VaporCSQLite`, whose functions
/// carry the prefix `sqlite_nio_`), not the system's: the search index needs FTS5's
/// `contentless_delete` (SQLite 3.43), which Debian 12's 3.40 lacks, and every binary then runs
/// the same SQLite wherever it is installed. That build keeps no memory statistics, so no global
/// mutex serializes the allocations of connections used on different threads.
///
/// Deliberately not `Sendable`: its owner serializes every use (the search index behind a
/// mutex, the server store in one slot per connection).
public final class SQLiteConnection {
    private var handle: OpaquePointer?
    /// The open handle, for the extensions in this module; `nil` once closed.
    var rawHandle: OpaquePointer? { handle }
    private var statements: [String: OpaquePointer] = [:]

    /// How a connection opens its file.
    public enum Access: Sendable {
        /// Creates the file if it is missing.
        case readWrite
        /// Opens an existing file and never changes it (to inspect a backup).
        case readOnly
    }

    /// Opens the file at `path`. `busyTimeout` is how long a statement waits for another
    /// connection's lock before failing with `SQLITE_BUSY`: each owner knows how long its
    /// writers hold the lock.
    public init(path: String, access: Access, busyTimeout: Duration) throws(SQLiteError) {
        let flags = switch access {
        case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        }
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite_nio_sqlite3_close_v2(handle)
            handle = nil
            throw SQLiteError(code: status, message: "cannot open \(path): \(message)")
        }
        let (seconds, attoseconds) = busyTimeout.components
        sqlite_nio_sqlite3_busy_timeout(handle, Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
    }

    /// Runs one or more statements that take no parameters and return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw SQLiteError.closed }
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite_nio_sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "error \(status)"
            sqlite_nio_sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    /// Runs one statement, calling `row` for each result row.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void = { _ in }) throws {
        let statement = try prepared(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            let status = switch value {
            case .integer(let number): sqlite_nio_sqlite3_bind_int64(statement, position, number)
            case .text(var text): text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // Bound from the string's own bytes (a C string would be a copy of each body);
                    // an empty buffer has no address, and a null pointer would bind NULL.
                    guard let start = chars.baseAddress else { return sqlite_nio_sqlite3_bind_text(statement, position, "", 0, SQLiteConnection.transient) }
                    return sqlite_nio_sqlite3_bind_text(statement, position, start, Int32(chars.count), SQLiteConnection.transient)
                }
            }
            case .blob(let bytes): bytes.withUnsafeBytes { buffer in
                sqlite_nio_sqlite3_bind_blob(statement, position, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                                  SQLiteConnection.transient)
            }
            case .null: sqlite_nio_sqlite3_bind_null(statement, position)
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try row(SQLiteRow(statement: statement))
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (or `BEGIN DEFERRED`, for reads that
    /// should see one state of the file under one lock), rolling back if it throws.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int { handle.map { Int(sqlite_nio_sqlite3_changes($0)) } ?? 0 }

    /// The rowid of the last row this connection inserted.
    public var lastInsertedRowID: Int64 { handle.map { sqlite_nio_sqlite3_last_insert_rowid($0) } ?? 0 }

    public func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    deinit { close() }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        guard let handle else { throw SQLiteError.closed }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "closed")
    }

    /// SQLite's SQLITE_TRANSIENT: copy bound text before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
