import CSQLite

/// A value bound to, or read from, an SQL statement.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case null
}

/// One open SQLite database file, with its prepared statements cached by SQL text.
///
/// Deliberately not `Sendable`: it is owned by one actor, which serializes every use.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the file at `path` for the store; `readOnly` opens an existing
    /// file without changing it (to inspect a backup).
    init(path: String, readOnly: Bool = false) throws {
        _ = SQLiteConnection.processConfiguration
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            handle = nil
            throw SQLiteError(code: status, message: "cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 5_000)
        guard !readOnly else { return }
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
                    + " PRAGMA mmap_size = \(SQLiteConnection.mappedBytes);")
    }

    /// Reads go through a memory map of up to this many bytes of the file instead of `pread`
    /// copies into each connection's page cache.
    private static let mappedBytes = 1 << 30

    /// SQLite's process-wide settings, applied once before the first connection opens.
    private static let processConfiguration: Void = {
        _ = quill_sqlite_disable_memory_statistics()
    }()

    /// Runs one or more statements that take no parameters and return no rows.
    func execute(_ sql: String) throws {
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
            case .text(let text): sqlite3_bind_text(statement, position, text, Int32(text.utf8.count), SQLiteConnection.transient)
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

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
        handle = nil
    }

    deinit { close() }

    private func prepared(_ sql: String) throws -> OpaquePointer {
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

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// Appends a text column's UTF-8 bytes without making a `String` of them.
    func appendText(_ column: Int32, to bytes: inout [UInt8]) {
        guard let text = sqlite3_column_text(statement, column) else { return }
        let count = Int(sqlite3_column_bytes(statement, column))
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
    }

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

    var isConstraintViolation: Bool { code & 0xff == SQLITE_CONSTRAINT }
    var description: String { "SQLite error \(code): \(message)" }
}
