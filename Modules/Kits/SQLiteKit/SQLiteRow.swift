import VaporCSQLite

/// One result row, valid only inside the `row` callback of `SQLiteConnection.query`.
public struct SQLiteRow {
    let statement: OpaquePointer

    public func integer(_ column: Int32) -> Int64 { sqlite_nio_sqlite3_column_int64(statement, column) }

    public func double(_ column: Int32) -> Double { sqlite_nio_sqlite3_column_double(statement, column) }

    public func isNull(_ column: Int32) -> Bool { sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// An integer column's value; `nil` for NULL.
    public func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

    /// A text column's value; `nil` for NULL.
    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite_nio_sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A blob column's bytes (empty for NULL or an empty blob).
    public func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite_nio_sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite_nio_sqlite3_column_bytes(statement, column))))
    }

    /// Appends a text column's UTF-8 bytes without making a `String` of them.
    public func appendText(_ column: Int32, to bytes: inout [UInt8]) {
        guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
    }
}
