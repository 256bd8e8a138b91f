import Foundation
import Logging
import ServerComposition
import ServerStoreInterface
import StandardInterfaces
import ServerStoreTesting
import Testing

@Suite struct ServerRootsTests {
    @Test func previewSeedsTheDemoAccount() async throws {
        let environment = try ServerRoots.preview()
        try await environment.prepare()
        let found = try #require(try await environment.dependencies.accounts.token(id: ServerSampleData.demoToken.id))
        #expect(found.account.name == "demo")
        #expect(environment.dependencies.hasher.hash(ServerSampleData.demoToken.secret).constantTimeEquals(found.token.hash))
        let notes = try await environment.dependencies.notes.notes(account: found.account.id, after: nil, limit: 100).notes
        #expect(notes.count == (try ServerSampleData.notes().count) - 1)
        #expect(environment.banner.contains { $0.contains(ServerSampleData.demoToken.description) })
    }

    @Test func productionCreatesTheDataDirectoryAndAccountsPersist() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-roots-\(UUID().uuidString)/nested")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, storage: .sqlite(path: directory.appendingPathComponent("db.sqlite").path), logLevel: .info)
        let created = try await ServerRunner.administer(try ServerRoots.server(configuration, logger: Logger(label: "t")), issuer: nil) { try await $0.registration.register(name: "ann") }
        #expect(created.token.secret.count == 64)

        let reopened = try ServerRoots.server(configuration, logger: Logger(label: "t"))
        try await reopened.prepare()
        let found = try #require(try await reopened.dependencies.accounts.token(id: created.token.id))
        #expect(found.account == created.account)
        await #expect(throws: ServerStoreError.accountNameTaken("ann")) {
            try await reopened.registration.register(name: "ann")
        }
        await reopened.close()
    }

    @Test func previewSaysHowToSignInToTheWebReader() throws {
        let environment = try ServerRoots.preview()
        #expect(environment.banner.contains { $0.contains("/login") })
    }

    /// Web sessions live in the SQLite file (migration 7), and `account revoke-sessions` ends them.
    @Test func productionKeepsWebSessionsInTheDatabaseAndRevokesThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-roots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, storage: .sqlite(path: directory.appendingPathComponent("db.sqlite").path), logLevel: .info,
            trustedProxies: ["127.0.0.1"])
        let created = try await ServerRunner.administer(try ServerRoots.server(configuration, logger: Logger(label: "t")), issuer: nil) { try await $0.registration.register(name: "ann") }
        let environment = try ServerRoots.server(configuration, logger: Logger(label: "t"))
        #expect(environment.dependencies.trustedProxies == ["127.0.0.1"])
        try await environment.prepare()
        let now = Date()
        let session = WebSession(id: "0123456789abcdef", secretHash: TokenHash(bytes: [1, 2, 3]), account: created.account.id, token: created.token.id,
                                 formToken: "f", created: now, expires: now.addingTimeInterval(60))
        try await environment.web.server.sessions.createSession(session)
        await environment.close()

        let count = try await ServerRunner.administer(try ServerRoots.server(configuration, logger: Logger(label: "t")), issuer: nil) { try await $0.revokeWebSessions(ofAccountNamed: "ann") }
        #expect(count == 1)
        await #expect(throws: ServerStoreError.accountNotFound("nobody")) {
            try await ServerRunner.administer(try ServerRoots.server(configuration, logger: Logger(label: "t")), issuer: nil) { try await $0.revokeWebSessions(ofAccountNamed: "nobody") }
        }
    }
}
