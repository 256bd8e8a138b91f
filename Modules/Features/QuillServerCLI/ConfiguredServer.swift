import QuillModels
import ServerFeature

/// The server a command's options name: one value in each of the roles the commands use,
/// serving, the accounts' administration, and copies of the store.
public typealias ConfiguredServer = ServerServing & AccountAdministering & StoreCopying & HistoryPruning & AttachmentCollecting

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

/// `quill-server history prune`: drops, from every account's notes, the oldest revisions the
/// configured retention does not keep (`--keep`, `QUILL_SERVER_HISTORY_KEEP`), over the migrated
/// store. Returns the retention it applied and what it removed (or, with `dryRun`, would).
public protocol HistoryPruning: Sendable {
    func pruneHistory(dryRun: Bool) async throws -> (retention: HistoryRetention, pruned: PrunedHistory)
}

/// `quill-server attachments gc`: forgets, in every account, the attachments no note and
/// no kept revision refers to (`AttachmentCollection`), over the migrated store. Returns what it
/// forgot (or, with `dryRun`, would).
public protocol AttachmentCollecting: Sendable {
    func collectAttachments(dryRun: Bool) async throws -> CollectedAttachments
}
