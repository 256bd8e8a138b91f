import ArgumentParser
import Foundation
import QuillModels
import QuillServerCLI
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import StandardInterfaces
import Testing

/// `quill-server account create|list|delete|token|revoke|revoke-sessions` against the test root,
/// over an in-memory store and web sessions.
@Suite("Account commands")
struct AccountCommandsTests {
    let store = InMemoryServerStore()
    let sessions = InMemoryWebSessionStore()
    let console = RecordingConsole()
    let tokens = SequentialTokenGenerator()
    let clock = SteppingClock(start: CommandTestClock.now, step: 0)

    /// The test root over this suite's store, sessions and tokens, writing to `console` (the suite's by default).
    func environment(console: RecordingConsole? = nil) -> (ServerOptions) throws -> ServerCLIEnvironment {
        ServerTestRoots.commandLine(store: store, sessions: sessions, hasher: MarkerTokenHasher(), tokens: tokens,
                                    clock: clock, console: console ?? self.console)
    }

    @Test("create prints the token on standard output, and says it is shown once on standard error")
    func create() async throws {
        try await run(["account", "create", "ann"], in: environment())
        #expect(console.output == "quill_0000000000000001_secret1\n")
        #expect(console.errors == "created account 'ann'; its token follows, shown only this once:\n")
        let accounts = try await store.accountSummaries().map(\.account.name)
        #expect(accounts == ["ann"])
    }

    @Test("create refuses a name that is not one, and creates nothing")
    func createRefusesABadName() async throws {
        let refused = await #expect(throws: AccountRegistration.Failure.invalidName("ann smith")) {
            try await run(["account", "create", "ann smith"], in: environment())
        }
        #expect(console.output.isEmpty)
        #expect(try await store.accountSummaries().isEmpty)
        // Said as what it is, a name given wrong (it was "if this persists, … report it", exit 1).
        #expect(refused.flatMap { ServerFailureReport($0) } == ServerFailureReport(
            cause: "'ann smith' is not an account name: use 1 to 64 letters, digits, '.', '-' or '_'",
            hint: "for example: quill-server account create alice", status: .usage))
    }

    @Test("create refuses a name that is taken")
    func createRefusesATakenName() async throws {
        try await run(["account", "create", "ann"], in: environment())
        await #expect(throws: ServerStoreError.accountNameTaken("ann")) {
            try await run(["account", "create", "ann"], in: environment())
        }
        // Two accounts a list cannot tell apart: 'ANN' beside 'ann' was made.
        await #expect(throws: ServerStoreError.accountNameTaken("ann")) {
            try await run(["account", "create", "ANN"], in: environment())
        }
        await #expect(throws: ServerStoreError.accountNameTaken("ann")) {
            try await run(["account", "create", "Ann"], in: environment())
        }
        #expect(try await store.accountSummaries().map(\.account.name) == ["ann"])
    }

    @Test("list prints a table by default and JSON with --json")
    func list() async throws {
        try await run(["account", "create", "bob"], in: environment())
        try await run(["account", "create", "ann"], in: environment())
        let table = RecordingConsole()
        try await run(["account", "list"], in: environment(console: table))
        let lines = table.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) } == ["ann", "bob"])

        let json = RecordingConsole()
        try await run(["account", "list", "--json"], in: environment(console: json))
        let entries = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(entries?.compactMap { $0["name"] as? String } == ["ann", "bob"])
        #expect(entries?.compactMap { $0["tokens"] as? Int } == [1, 1])
    }

    @Test("delete without --yes is a usage error that names the backup, and deletes nothing")
    func deleteNeedsYes() async throws {
        try await run(["account", "create", "ann"], in: environment())
        #expect { try QuillServer.parseAsRoot(["account", "delete", "ann"]) } throws: { error in
            QuillServer.exitCode(for: error) == .validationFailure
                && QuillServer.message(for: error).contains("add --yes to confirm (take a backup first: quill-server backup PATH)")
        }
        #expect(try await store.accountSummaries().count == 1)
    }

    @Test("delete --yes deletes the account and says so")
    func delete() async throws {
        try await run(["account", "create", "ann"], in: environment())
        try await run(["account", "delete", "ann", "--yes"], in: environment())
        #expect(try await store.accountSummaries().isEmpty)
        #expect(console.errors.hasSuffix("deleted account 'ann', its notes and its tokens\n"))
        await #expect(throws: ServerStoreError.accountNotFound("ann")) {
            try await run(["account", "delete", "ann", "--yes"], in: environment())
        }
    }

    @Test("token issues one more token, and revoke removes it by token or by ID")
    func tokenAndRevoke() async throws {
        try await run(["account", "create", "ann"], in: environment())
        let issued = RecordingConsole()
        try await run(["account", "token", "ann"], in: environment(console: issued))
        #expect(issued.output == "quill_0000000000000002_secret2\n")
        #expect(issued.errors == "new token for account 'ann' follows, shown only this once:\n")
        #expect(try await store.accountSummaries().first?.tokenCount == 2)

        try await run(["account", "revoke", "quill_0000000000000002_secret2"], in: environment())
        try await run(["account", "revoke", "0000000000000001"], in: environment())
        #expect(try await store.accountSummaries().first?.tokenCount == 0)
        #expect(console.errors.hasSuffix("revoked\nrevoked\n"))
    }

    @Test("token --read-only --label --expires issues a scoped token, and tokens lists every token without its secret")
    func scopedTokenAndListing() async throws {
        try await run(["account", "create", "ann"], in: environment())
        let issued = RecordingConsole()
        try await run(["account", "token", "ann", "--read-only", "--label", "dashboard", "--expires", "30d"], in: environment(console: issued))
        #expect(issued.output == "quill_0000000000000002_secret2\n")
        #expect(issued.errors == "new read-only token for account 'ann' follows, shown only this once:\n")
        clock.advance(by: 60)
        try await run(["account", "token", "ann", "--label", "laptop", "--expires", "2026-01-02"], in: environment())
        let stored = try #require(try await store.token(id: TokenID(2))).token
        #expect(stored.scope == .readOnly && stored.label == "dashboard" && stored.created == CommandTestClock.now)
        #expect(stored.expires == CommandTestClock.now.addingTimeInterval(30 * 86_400))

        clock.advance(by: 2 * 86_400)
        let table = RecordingConsole()
        try await run(["account", "tokens", "ann"], in: environment(console: table))
        #expect(table.output == """
            ID                SCOPE      LABEL      CREATED           LAST USED  FROM  EXPIRES
            0000000000000001  full       -          2026-01-01 00:00  -          -     never
            0000000000000002  read-only  dashboard  2026-01-01 00:00  -          -     2026-01-31 00:00
            0000000000000003  full       laptop     2026-01-01 00:01  -          -     2026-01-02 23:59 (expired)

            """)
        #expect(!table.output.contains("secret"))
        let json = RecordingConsole()
        try await run(["account", "tokens", "ann", "--json"], in: environment(console: json))
        #expect(json.output.hasPrefix(#"[{"created":"2026-01-01T00:00:00.000Z","expired":false,"expires":null,"id":"0000000000000001","label":null,"lastAddress":null,"lastUsed":null,"scope":"full"}"#))
        #expect(json.output.contains(#""expired":true,"expires":"2026-01-02T23:59:59.999Z","id":"0000000000000003","label":"laptop""#))
    }

    @Test("token refuses an expiry that is not a time or is past, and a label that cannot be one; tokens of no account is an error")
    func scopedTokenBadInput() async throws {
        try await run(["account", "create", "ann"], in: environment())
        await #expect { try await run(["account", "token", "ann", "--expires", "soon"], in: environment()) } throws: { error in
            QuillServer.message(for: error).contains("--expires: 'soon' is not a date")
        }
        await #expect(throws: AccountRegistration.Failure.expiryInThePast(try #require(Timestamp(parsing: "2025-12-31T23:59:59.999Z")).date)) {
            try await run(["account", "token", "ann", "--expires", "2025-12-31"], in: environment())
        }
        await #expect(throws: AccountRegistration.Failure.invalidLabel) {
            try await run(["account", "token", "ann", "--label", ""], in: environment())
        }
        await #expect(throws: ServerStoreError.accountNotFound("bob")) { try await run(["account", "tokens", "bob"], in: environment()) }
        #expect(try await store.accountSummaries().first?.tokenCount == 1)
    }

    @Test("revoke of a token that is not stored is a usage error saying nothing was revoked")
    func revokeUnknown() async throws {
        try await run(["account", "create", "ann"], in: environment())
        await #expect { try await run(["account", "revoke", "0000000000000009"], in: environment()) } throws: { error in
            QuillServer.exitCode(for: error) == .validationFailure && QuillServer.message(for: error) == "no such token: nothing was revoked"
        }
        await #expect(throws: AccountRegistration.Failure.notAToken("nonsense")) {
            try await run(["account", "revoke", "nonsense"], in: environment())
        }
        #expect(try await store.accountSummaries().first?.tokenCount == 1)
    }

    @Test("revoke-sessions ends the account's web sessions only, and counts them")
    func revokeSessions() async throws {
        try await run(["account", "create", "ann"], in: environment())
        try await run(["account", "create", "bob"], in: environment())
        let summaries = try await store.accountSummaries()
        let ann = try #require(summaries.first { $0.account.name == "ann" }).account.id
        let bob = try #require(summaries.first { $0.account.name == "bob" }).account.id
        let now = Date()
        for (index, account) in [ann, ann, bob].enumerated() {
            try await sessions.createSession(WebSession(
                id: "s\(index)", secretHash: TokenHash(bytes: [UInt8(index)]), account: account, token: TokenID(UInt64(index + 1)), formToken: "f",
                created: now, expires: now.addingTimeInterval(60)))
        }

        try await run(["account", "revoke-sessions", "ann"], in: environment())
        #expect(console.errors.hasSuffix("ended 2 web sessions of account 'ann'\n"))
        #expect(try await sessions.session(secretHash: TokenHash(bytes: [0]), at: now) == nil)
        #expect(try await sessions.session(secretHash: TokenHash(bytes: [2]), at: now) != nil)
        await #expect(throws: ServerStoreError.accountNotFound("nobody")) {
            try await run(["account", "revoke-sessions", "nobody"], in: environment())
        }
    }

    @Test("the storage flags reach the root, and a setting it refuses is a usage error")
    func storageOptions() async throws {
        let refusing = ServerTestRoots.commandLine(
            store: store, sessions: sessions, hasher: MarkerTokenHasher(), tokens: tokens, clock: clock, console: console,
            settings: { options in
                guard options == ServerOptions(database: "mysql://x", dataDirectory: "/srv") else { return }
                throw ServerCommandFailure.invalidSetting("--database: 'mysql://x' is not a database", hint: "write postgres://…")
            })
        await #expect { try await run(["account", "create", "ann", "--database", "mysql://x", "--data-dir", "/srv"], in: refusing) } throws: { error in
            ServerFailureReport(error) == ServerFailureReport(cause: "--database: 'mysql://x' is not a database", hint: "write postgres://…",
                                                              status: .usage)
        }
        #expect(try await store.accountSummaries().isEmpty)
        try await run(["account", "create", "ann", "--data-dir", "/srv"], in: refusing)
        #expect(try await store.accountSummaries().count == 1)
    }
}
