/// A value bound to an SQL statement.
public enum SQLiteValue: Sendable {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
}

extension SQLiteValue {
    /// A `LIMIT` of one row more than `limit` (none below zero), to tell whether more rows follow:
    /// `Int.max` (a command line's "all") does not overflow adding the one.
    public static func limitWithOneMore(_ limit: Int) -> SQLiteValue {
        let rows = Int64(clamping: max(0, limit))
        return .integer(rows == .max ? rows : rows + 1)
    }
}
