import Foundation
import Logging
import ServerComposition
import ServerStoreInterface
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
        let created = try await ServerRunner.createAccount(named: "ann", in: try ServerRoots.production(configuration, logger: Logger(label: "t")))
        #expect(created.token.secret.count == 64)

        let reopened = try ServerRoots.production(configuration, logger: Logger(label: "t"))
        try await reopened.prepare()
        let found = try #require(try await reopened.dependencies.accounts.token(id: created.token.id))
        #expect(found.account == created.account)
        await #expect(throws: ServerStoreError.accountNameTaken("ann")) {
            try await reopened.registration.register(name: "ann")
        }
        await reopened.close()
    }
}
