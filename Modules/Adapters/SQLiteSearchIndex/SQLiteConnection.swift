import CSQLite

/// A value bound to an SQL statement.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case null
}

/// One open SQLite database file, with its prepared statements cached by SQL text: the
/// search index's own copy of the server store's wrapper (adapters do not share code).
///
/// Deliberately not `Sendable`: the index keeps it behind a mutex, which serializes every use.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws(SQLiteError) {
        _ = SQLiteConnection.processConfiguration
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            handle = nil
            throw SQLiteError(code: status, message: "cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 10_000)
    }

    /// SQLite's process-wide settings, applied once before the first connection opens: without
    /// memory statistics SQLite takes no global mutex on every allocation.
    private static let processConfiguration: Void = {
        _ = quill_sqlite_disable_memory_statistics()
    }()

    /// Runs one or more statements that take no parameters and return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw SQLiteError.closed }
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "error \(status)"
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    /// Runs one statement, calling `row` for each result row.
    func query(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void = { _ in }) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            let status = switch value {
            case .integer(let number): sqlite3_bind_int64(statement, position, number)
            case .text(var text): text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // Bound from the string's own bytes (a C string would be a copy of each body);
                    // an empty buffer has no address, and a null pointer would bind NULL.
                    guard let start = chars.baseAddress else { return sqlite3_bind_text(statement, position, "", 0, SQLiteConnection.transient) }
                    return sqlite3_bind_text(statement, position, start, Int32(chars.count), SQLiteConnection.transient)
                }
            }
            case .null: sqlite3_bind_null(statement, position)
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try row(SQLiteRow(statement: statement))
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (or `BEGIN DEFERRED`, for reads that
    /// should see one state of the file under one lock), rolling back if it throws.
    func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
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
    var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// The rowid of the last row this connection inserted.
    var lastInsertedRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
        handle = nil
    }

    deinit { close() }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        guard let handle else { throw SQLiteError.closed }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")
    }

    /// SQLite's SQLITE_TRANSIENT: copy bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// One result row, valid only inside the `row` callback.
struct SQLiteRow {
    let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// An error SQLite reported, with its message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    static let closed = SQLiteError(code: SQLITE_MISUSE, message: "the database is closed")

    /// Whether the file is not a database, or a damaged one: the index is then rebuilt.
    var isDamage: Bool { [SQLITE_CORRUPT, SQLITE_NOTADB].contains(code & 0xff) }
    var description: String { "SQLite error \(code): \(message)" }
}
