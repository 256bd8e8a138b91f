/// What a bearer token may do, as the store keeps it.
///
/// Exists so that an integration (a script, an assistant, a dashboard) can hold a token that
/// reads without being able to change or delete anything. Which requests that allows is the
/// server feature's rule (`TokenScopeRule`).
public enum TokenScope: String, CaseIterable, Hashable, Sendable {
    /// Reads and writes: what `account create` and `account token` issue unless told otherwise.
    case full
    /// Reads, searches and exports; every write is refused with 403.
    case readOnly = "read-only"

    /// Whether it may change notes, attachments or anything else of its account.
    public var canWrite: Bool { self == .full }
}
