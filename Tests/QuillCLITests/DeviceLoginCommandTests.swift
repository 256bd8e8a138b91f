import Foundation
import NoteStoreTesting
import QuillAPI
import QuillCLI
import QuillTestComposition
import StandardTesting
import SyncFeature
import SyncStateInterface
import SyncStateTesting
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// `quill login URL` without a token (docs/signin.md): the code is shown, the login waits
/// for the person's decision, and an approval saves the new token; a denial fails with status 1,
/// saving nothing.
@Suite struct DeviceLoginCommandTests {
    let server = FakeSyncServer()
    let console = RecordingConsole()
    let credentials = InMemoryCredentialStore()

    func environment() -> CLIEnvironment {
        QuillTestRoots.test(
            store: InMemoryNoteStore(), clock: FixedClock(Date(timeIntervalSince1970: 1_795_000_000)), ids: SequentialNoteIDs(), console: console,
            sync: SyncEnvironment(credentials: credentials, state: InMemorySyncStateStore(), baseRevisions: InMemoryBaseRevisionStore(),
                                  sleeper: RecordingSleeper(realTimeScale: 0.001), random: SeededRandomSource(seed: 7),
                                  makeTransport: { [server] _ in server }, makeShareTransport: { [server] _ in server },
                                  makeDeviceLoginTransport: { [server] _ in server }, deviceName: "quill on test", watchers: InMemoryWatcherRegistry(),
                                  localChanges: { AsyncStream { _ in } }))
    }

    /// Runs the login while `decide` acts, as the person would, once the code is waiting.
    func login(_ arguments: [String], decide: @escaping @Sendable (FakeSyncServer, String) async -> Void) async throws {
        let running = Task { [environment = environment()] in
            try await LoginCommand.parse(["--server", "https://notes.example.com"] + arguments).runReportingFailures(in: environment)
        }
        // Bounded: a login that never shows its code fails the test in ten seconds.
        var waiting: [String] = []
        for _ in 0..<2000 where waiting.isEmpty {
            waiting = await server.waitingUserCodes()
            if waiting.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        }
        let code = try #require(waiting.first, "the login never waited for a decision")
        await decide(server, code)
        try await running.value
    }

    @Test func anApprovedLoginSavesItsOwnTokenAndSaysWhoItIs() async throws {
        try await login([]) { server, code in
            await server.approveDeviceLogin(userCode: code, token: DeviceTokenBody(token: "quill_1_granted", scope: "read-only", account: "ann", expires: nil))
        }
        #expect(try await credentials.load() == Credentials(server: URL(string: "https://notes.example.com")!, token: "quill_1_granted", issuedToThisDevice: true))
        #expect(console.output.contains("To sign in, open https://fake.invalid/device and enter the code\n    BCDF-0001\n"))
        #expect(console.output.hasSuffix("Signed in to https://notes.example.com as ann (read-only).\n"), "\(console.output)")
    }

    @Test func logoutRevokesATokenIssuedToThisDeviceAndOnlySuch() async throws {
        await server.setDevices([DeviceBody(id: "1", kind: "token", label: "quill on test", scope: "full", created: nil, lastUsed: nil,
                                            address: nil, expires: nil, current: true)])
        try await login([]) { server, code in
            await server.approveDeviceLogin(userCode: code, token: DeviceTokenBody(token: "quill_1_granted", scope: "full", account: "ann", expires: nil))
        }
        try await LogoutCommand.parse([]).runReportingFailures(in: environment())
        #expect(console.output.hasSuffix("logged out; this device's token is revoked on the server\n"))
        let left = await server.deviceList, saved = try await credentials.load()
        #expect(left.isEmpty && saved == nil)

        await server.setDevices([DeviceBody(id: "2", kind: "token", label: nil, scope: "full", created: nil, lastUsed: nil,
                                            address: nil, expires: nil, current: true)])
        try await LoginCommand.parse(["--server", "https://notes.example.com", "--token", "quill_2_shared"]).runReportingFailures(in: environment())
        try await LogoutCommand.parse([]).runReportingFailures(in: environment())
        #expect(console.output.hasSuffix("logged out\n"))
        let kept = await server.deviceList
        #expect(kept.count == 1, "a token given with --token may serve other devices: kept")
    }

    @Test func aDeniedLoginFailsAndSavesNothing() async throws {
        await #expect {
            try await login([]) { server, code in await server.denyDeviceLogin(userCode: code) }
        } throws: { error in
            (error as? CLIFailure)?.message.contains("denied") == true && (error as? CLIFailure)?.status == .failure
        }
        #expect(try await credentials.load() == nil)
    }

    @Test("--no-verify and --read-only go with one way of signing in each",
          arguments: [["--no-verify"], ["--token", "quill_1_x", "--read-only"]])
    func flagsOfTheOtherWayAreRefused(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try LoginCommand.parse(["--server", "https://notes.example.com"] + arguments) }
    }
}
