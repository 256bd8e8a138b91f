/// What a bearer token may do.
///
/// Exists so that an integration (a script, an assistant, a dashboard) can hold a token that
/// reads without being able to change or delete anything. The rule is the request's method:
/// `GET` and `HEAD` read, every other method writes, so a route added later is covered without
/// being listed anywhere.
public enum TokenScope: String, CaseIterable, Hashable, Sendable {
    /// Reads and writes: what `account create` and `account token` issue unless told otherwise.
    case full
    /// Reads, searches and exports; every write is refused with 403.
    case readOnly = "read-only"

    /// Whether it may change notes, attachments or anything else of its account.
    public var canWrite: Bool { self == .full }

    /// Whether a request with this HTTP method (upper case) is allowed.
    public func allows(method: String) -> Bool {
        canWrite || Self.readingMethods.contains(method)
    }

    /// The methods that only read.
    public static let readingMethods: Set<String> = ["GET", "HEAD"]
}
