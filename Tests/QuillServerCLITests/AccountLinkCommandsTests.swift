import Foundation
import QuillServerCLI
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing

/// `quill-server account link|unlink NAME --oidc-subject SUB` against the test root.
@Suite("Account link commands")
struct AccountLinkCommandsTests {
    let store = InMemoryServerStore()
    let console = RecordingConsole()

    func environment() -> (ServerOptions) throws -> ServerCLIEnvironment {
        ServerTestRoots.commandLine(store: store, sessions: InMemoryWebSessionStore(), hasher: MarkerTokenHasher(), tokens: SequentialTokenGenerator(),
                                    clock: SteppingClock(start: CommandTestClock.now, step: 0), console: console)
    }

    @Test("link lets the provider's subject sign into the account; unlink stops it")
    func linkAndUnlink() async throws {
        try await run(["account", "create", "ann"], in: environment())
        try await run(["account", "link", "ann", "--oidc-subject", "248289761001", "--oidc-issuer", "https://id.example"], in: environment())
        #expect(console.errors.contains("linked subject '248289761001' of https://id.example to account 'ann'"))
        let identity = ProviderIdentity(issuer: "https://id.example", subject: "248289761001")
        #expect(try await store.account(linkedTo: identity)?.name == "ann")
        try await run(["account", "unlink", "ann", "--oidc-subject", "248289761001", "--oidc-issuer", "https://id.example"], in: environment())
        #expect(try await store.account(linkedTo: identity) == nil)
        await #expect(throws: ServerCommandFailure.self) {
            try await run(["account", "unlink", "ann", "--oidc-subject", "248289761001", "--oidc-issuer", "https://id.example"], in: environment())
        }
    }

    @Test("link needs the issuer, and refuses a subject another account holds")
    func linkRefusals() async throws {
        try await run(["account", "create", "ann"], in: environment())
        try await run(["account", "create", "bob"], in: environment())
        do {
            try await run(["account", "link", "ann", "--oidc-subject", "s"], in: environment())
            Issue.record("linked without an issuer")
        } catch let failure as ServerCommandFailure {
            #expect(failure.description == "no identity provider is set" && failure.kind == .invalidSetting)
        }
        try await run(["account", "link", "ann", "--oidc-subject", "s", "--oidc-issuer", "https://id.example"], in: environment())
        await #expect(throws: ServerStoreError.identityLinked(ProviderIdentity(issuer: "https://id.example", subject: "s"), account: "ann")) {
            try await run(["account", "link", "bob", "--oidc-subject", "s", "--oidc-issuer", "https://id.example"], in: environment())
        }
        await #expect(throws: ServerStoreError.accountNotFound("nobody")) {
            try await run(["account", "link", "nobody", "--oidc-subject", "t", "--oidc-issuer", "https://id.example"], in: environment())
        }
    }
}
