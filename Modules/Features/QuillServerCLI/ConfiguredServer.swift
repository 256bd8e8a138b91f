/// The server a command's options name, one role per kind of command: serving, the
/// accounts' administration, and copies of the store.
public struct ConfiguredServer: Sendable {
    public var serving: any ServerServing
    public var accounts: any AccountAdministering
    public var copies: any StoreCopying

    public init(serving: any ServerServing, accounts: any AccountAdministering, copies: any StoreCopying) {
        self.serving = serving
        self.accounts = accounts
        self.copies = copies
    }
}

/// `quill-server serve`: serves until SIGTERM or SIGINT, logging what it does.
public protocol ServerServing: Sendable {
    func serve() async throws
}

/// `quill-server account …`: one task on accounts, tokens and web sessions, over the
/// migrated store, which is closed afterwards.
public protocol AccountAdministering: Sendable {
    func administer<Value: Sendable>(_ task: @escaping @Sendable (AccountAdministration) async throws -> Value) async throws -> Value
}

/// `quill-server backup` and `restore`: whole copies of the store. Each returns the copy's
/// schema version, or throws `ServerCommandFailure` saying why it cannot and what to do.
public protocol StoreCopying: Sendable {
    func backup(to path: String) throws -> Int64
    func restore(from path: String) throws -> Int64
}
