import VaporCSQLite

/// An error SQLite reported, with its result code and message.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    static let closed = SQLiteError(code: SQLITE_MISUSE, message: "the database is closed")

    /// A constraint violation found by the caller rather than by SQLite.
    public static func constraintViolation(_ message: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CONSTRAINT, message: message)
    }

    /// The file is not a database, or a damaged one.
    public var isDamage: Bool { [SQLITE_CORRUPT, SQLITE_NOTADB].contains(code & 0xff) }

    /// The disk (or the file system's quota) had no room for what the statement wrote.
    public var isFull: Bool { code & 0xff == SQLITE_FULL }

    /// The database file is damaged (`SQLITE_CORRUPT`), or is no SQLite database (`SQLITE_NOTADB`):
    /// nothing retried will read it.
    public var isDamaged: Bool { code & 0xff == SQLITE_CORRUPT || code & 0xff == SQLITE_NOTADB }

    /// A `UNIQUE`, `CHECK` or foreign-key constraint refused the statement.
    public var isConstraintViolation: Bool { code & 0xff == SQLITE_CONSTRAINT }

    public var description: String { "SQLite error \(code): \(message)" }
}
