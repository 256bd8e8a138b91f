import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
@testable import SQLiteServerStore
import ServerStoreInterface
import Testing

/// A database that a newer release migrated (a downgrade) is refused at start, with its data intact.
/// The "newer release" is played by migrating with one extra, made-up migration.
@Suite struct SchemaDowngradeTests {
    @Test func sqliteRefusesADatabaseANewerReleaseMigrated() async throws {
        let directory = try temporaryDirectory("quill-sqlite")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path
        let newestKnown = try #require(SQLiteMigrations.all.last?.version)

        let newer = try SQLiteServerStore(path: path)
        try newer.migrate(to: SQLiteMigrations.all + [(newestKnown + 1, "CREATE TABLE from_a_newer_release (x INTEGER)")])
        let account = try await newer.newAccount("alice")
        _ = try await newer.create(try Sample.note("a1"), account: account)
        newer.close()

        let older = try SQLiteServerStore(path: path)
        defer { older.close() }
        await #expect(throws: ServerStoreError.schemaTooNew(database: newestKnown + 1, newestKnown: newestKnown)) {
            try await older.migrate()
        }
        #expect(try await older.notes(account: account, after: nil, limit: 10).notes.count == 1)
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresRefusesADatabaseANewerReleaseMigrated() async throws {
        let database = try await TestPostgres.freshDatabase()
        let newestKnown = try #require(PostgresMigrations.all.last?.version)
        let newer = try PostgresServerStore(url: database.url, logger: Logger(label: "test.postgres.newer"))
        let older = try PostgresServerStore(url: database.url, logger: Logger(label: "test.postgres.older"))
        let running = [Task { try await newer.run() }, Task { try await older.run() }]
        do {
            try await newer.migrate(to: PostgresMigrations.all + [(newestKnown + 1, ["CREATE TABLE from_a_newer_release (x BIGINT)"])])
            let account = try await newer.newAccount("alice")
            _ = try await newer.create(try Sample.note("a1"), account: account)

            await #expect(throws: ServerStoreError.schemaTooNew(database: newestKnown + 1, newestKnown: newestKnown)) {
                try await older.migrate()
            }
            #expect(try await older.notes(account: account, after: nil, limit: 10).notes.count == 1)
        } catch {
            Issue.record(error)
        }
        for task in running { task.cancel(); _ = await task.result }
        try await database.drop()
    }
}
