/// A value bound to an SQL statement.
public enum SQLiteValue: Sendable {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
}
