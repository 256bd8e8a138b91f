import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// A first push into a new database looks each batch's notes up by key. Without statistics the
/// planner reads all of an account's rows for `id = ANY(…)`, so the push measures the tables it
/// grows (`measureTablesIfGrown`) instead of waiting for autovacuum.
@Suite struct PostgresQueryPlanTests {
    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func aPushedBatchIsLookedUpByKeyOnceTheTablesGrew() async throws {
        let database = try await TestPostgres.freshDatabase()
        let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.plan"))
        let running = Task { try await store.run() }
        let client = PostgresClient(configuration: try PostgresURL.configuration(database.url), backgroundLogger: Logger(label: "test.plan"))
        let polling = Task { await client.run() }
        defer {
            running.cancel()
            polling.cancel()
        }
        do {
            try await store.migrate()
            let account = try await store.newAccount("alice")
            var pushes = 0
            func push(_ count: Int) async throws {
                pushes += 1
                let changes = try (0..<count).map { index in
                    PushedChange(note: try Sample.note(String(format: "%04x%06x", pushes, index), body: "note \(index)"), baseRevision: nil, mayMerge: false)
                }
                _ = try await PushReplay(store).push(changes, requestID: try #require(PushRequestID(String(format: "%08x", pushes))),
                                                     account: account, at: Sample.date)
            }
            for _ in 0..<3 { try await push(1000) }
            // PostgreSQL counts a backend's writes at most once a second: push on until it has.
            var measured = false
            for _ in 0..<30 where !measured {
                try await Task.sleep(for: .milliseconds(500))
                try await push(1)
                for try await done in try await client.query(
                    "SELECT last_analyze IS NOT NULL FROM pg_stat_user_tables WHERE relname = 'notes'").decode(Bool.self) {
                    measured = done
                }
            }
            #expect(measured, "the push did not measure the notes table")
            let ids = (0..<10).map { String(format: "%04x%06x", 1, $0 * 97) }
            var plan: [String] = []
            for try await line in try await client.query(
                "EXPLAIN SELECT id FROM notes WHERE account_id = \(account.rawValue) AND id = ANY(\(ids))").decode(String.self) {
                plan.append(line)
            }
            #expect(plan.joined(separator: "\n").contains("notes_pkey"), "\(plan.joined(separator: "\n"))")
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
    }
}
