import VaporCSQLite

extension SQLiteConnection {
    /// Defines `name(text)` for SQL on this connection (triggers included): a deterministic
    /// function of one text argument, computed by `body` in Swift. NULL gives NULL.
    ///
    /// Exists so that what a trigger writes can be computed by the same Swift code as everything
    /// else (the search index's text, `SearchText.indexable`). Every connection that may fire
    /// such a trigger must define it.
    public func defineTextFunction(_ name: String, _ body: @escaping (String) -> String) throws(SQLiteError) {
        guard let handle = rawHandle else { throw SQLiteError.closed }
        let box = Unmanaged.passRetained(TextFunction(body)).toOpaque()
        let status = sqlite_nio_sqlite3_create_function_v2(
            handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
            { context, count, arguments in
                guard let context, count == 1, let argument = arguments?[0], sqlite_nio_sqlite3_value_type(argument) != SQLITE_NULL else {
                    sqlite_nio_sqlite3_result_null(context)
                    return
                }
                let function = Unmanaged<TextFunction>.fromOpaque(sqlite_nio_sqlite3_user_data(context)).takeUnretainedValue()
                let length = Int(sqlite_nio_sqlite3_value_bytes(argument))
                let text = sqlite_nio_sqlite3_value_text(argument).map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
                var result = function.body(text)
                result.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { sqlite_nio_sqlite3_result_text(context, $0.baseAddress, Int32(bytes.count), SQLiteConnection.transient) }
                }
            },
            nil, nil,
            { box in box.map { Unmanaged<TextFunction>.fromOpaque($0).release() } })
        guard status == SQLITE_OK else { throw SQLiteError(code: status, message: "cannot define the function \(name)") }
    }
}

/// The Swift body of a function defined on a connection, kept alive by SQLite until it drops it.
private final class TextFunction {
    let body: (String) -> String

    init(_ body: @escaping (String) -> String) { self.body = body }
}
