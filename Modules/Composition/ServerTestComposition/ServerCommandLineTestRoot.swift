import QuillModels
import Foundation
import QuillServerCLI
import StandardInterfaces
import ServerFeature
import ServerStoreInterface

extension ServerTestRoots {
    /// What the `quill-server` commands run against in a test, as the command line's root is,
    /// from the parsed command's options: the accounts of `store` (fakes or a real database), the
    /// web sessions and token doubles the test passes, a console that records, and the clock that
    /// dates tokens. `settings` sees each command's options first and may refuse them (throwing
    /// `ServerCommandFailure.invalidSetting`); `copies` and `serving`, when not given, fail any
    /// command that reaches them.
    public static func commandLine(
        store: some AccountRepository & SchemaMigrating & ServerNoteRepository & ServerAttachmentRepository & IdentityLinkStore, sessions: any WebSessionStore, hasher: any TokenHashing,
        tokens: any TokenGenerating, clock: any WallClock, console: any Console, copies: (any StoreCopying)? = nil, serving: (any ServerServing)? = nil,
        settings: @escaping @Sendable (ServerOptions) throws -> Void = { _ in }
    ) -> @Sendable (ServerOptions) throws -> ServerCLIEnvironment {
        let registration = AccountRegistration(accounts: store, tokens: tokens, hasher: hasher, clock: clock)
        return { options in
            let administration = AccountAdministration(registration: registration, accounts: store, sessions: sessions,
                                                       revocations: LocalChangeSignals(), identityLinks: store, issuer: options.oidc.issuer)
            let server = TestServer(store: store, administration: administration, serving: serving ?? PartNotGiven(),
                                    copies: copies ?? PartNotGiven(), historyKeep: .all)
            try settings(options)
            guard let keep = HistoryRetention(options.historyKeep ?? "all") else {
                throw ServerCommandFailure.invalidSetting("--keep: '\(options.historyKeep ?? "")' is not what to keep of the history",
                                                          hint: ServerSetting.historyKeep.summary)
            }
            var configured = server
            configured.historyKeep = keep
            return ServerCLIEnvironment(server: configured, console: console)
        }
    }
}

/// The server of a command test: the test's accounts, migrated before each task as the
/// production root's are, and the serving and copying parts it gave.
private struct TestServer<Store: AccountRepository & SchemaMigrating & ServerNoteRepository & ServerAttachmentRepository>: ConfiguredServer {
    let store: Store
    let administration: AccountAdministration
    let serving: any ServerServing
    let copies: any StoreCopying
    /// The `--keep` of the command, resolved as the production root resolves it.
    var historyKeep: HistoryRetention

    func administer<Value: Sendable>(_ task: @escaping @Sendable (AccountAdministration) async throws -> Value) async throws -> Value {
        try await store.migrate()
        return try await task(administration)
    }

    func pruneHistory(dryRun: Bool) async throws -> (retention: HistoryRetention, pruned: PrunedHistory) {
        try await store.migrate()
        return (historyKeep, try await store.pruneHistory(historyKeep, now: Date(), dryRun: dryRun))
    }

    func collectAttachments(dryRun: Bool) async throws -> CollectedAttachments {
        try await store.migrate()
        return try await AttachmentCollection(notes: store, attachments: store).collect(accounts: store, dryRun: dryRun)
    }

    func serve() async throws { try await serving.serve() }
    func backup(to path: String) throws -> Int64 { try copies.backup(to: path) }
    func restore(from path: String) throws -> Int64 { try copies.restore(from: path) }
}

/// A part of the server the test did not give: any command that reaches it fails.
private struct PartNotGiven: ServerServing, StoreCopying {
    struct NotGiven: Error, CustomStringConvertible {
        let part: String
        var description: String { "\(part) was called, but the test did not give it to ServerTestRoots.commandLine" }
    }

    func serve() async throws { throw NotGiven(part: "serve") }
    func backup(to path: String) throws -> Int64 { throw NotGiven(part: "backup") }
    func restore(from path: String) throws -> Int64 { throw NotGiven(part: "restore") }
}
