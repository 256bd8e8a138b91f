/// The owner of a set of notes on the server.
///
/// Exists so that every server-side read and write is scoped: a repository call without an
/// account cannot be written, so one account can never reach another's notes.
public struct Account: Hashable, Sendable {
    public let id: AccountID
    public let name: String

    public init(id: AccountID, name: String) {
        self.id = id
        self.name = name
    }
}

/// An account's identity, assigned by the store when the account is created.
public struct AccountID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public var description: String { String(rawValue) }
}
