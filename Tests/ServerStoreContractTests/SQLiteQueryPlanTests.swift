import Foundation
import QuillModels
import SQLiteKit
@testable import SQLiteServerStore
import Testing

/// The statements a push runs for every note find their rows through an index on every key
/// column they are given: a plan that uses only a prefix reads a whole account's rows per note,
/// which no functional test notices and a first push of thousands of notes pays for squared.
@Suite struct SQLiteQueryPlanTests {
    @Test func aNotesLinkRowsAreDeletedThroughAnIndexOnTheirKey() async throws {
        let directory = try temporaryDirectory("quill-plan")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path
        let store = try SQLiteServerStore(path: path)
        try await store.migrate()
        store.close()
        let connection = try SQLiteConnection(path: path, access: .readOnly, busyTimeout: .seconds(1))
        defer { connection.close() }
        let deletions = SQLiteServerStore.linkRowDeletions
        for (deletion, key, parameters) in [(deletions.links, "account_id=? AND note_id=?", [SQLiteValue.integer(1), .text("x")]),
                                             (deletions.names, "note_row=?", [.integer(1)])] {
            var plan: [String] = []
            try connection.query("EXPLAIN QUERY PLAN " + deletion, parameters) { plan.append($0.text(3)) }
            #expect(plan.count == 1 && plan[0].hasPrefix("SEARCH") && plan[0].contains(key), "\(deletion): \(plan)")
        }
    }
}
