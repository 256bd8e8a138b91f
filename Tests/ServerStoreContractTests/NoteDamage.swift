import Foundation
import Logging
import PostgresNIO
import QuillModels
import SQLiteKit

/// Changes a stored note behind the store's back, as a disk fault, a manual edit, an old bug or
/// an earlier release would: its stored title becomes empty, which no door accepts, or its tags
/// column holds the given text. (On SQLite the edit defines `quill_search_text`, which the search
/// index's triggers call: any edit by hand must.)
struct NoteDamage: Sendable {
    let blankTitle: @Sendable (NoteID) async throws -> Void
    let storeTags: @Sendable (NoteID, String) async throws -> Void

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static func sqlite(path: String) -> NoteDamage {
        @Sendable func edit(_ sql: String, _ values: [SQLiteValue]) throws {
            let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(5))
            defer { connection.close() }
            try connection.defineTextFunction("quill_search_text", SearchText.indexable)
            try connection.query(sql, values)
        }
        return NoteDamage(blankTitle: { id in try edit("UPDATE notes SET title = '' WHERE id = ?", [.text(id.rawValue)]) },
                          storeTags: { id, tags in try edit("UPDATE notes SET tags = ? WHERE id = ?", [.text(tags), .text(id.rawValue)]) })
    }

    static func postgres(url: String) -> NoteDamage {
        @Sendable func edit(_ query: PostgresQuery) async throws {
            guard let components = URLComponents(string: url), let host = components.host, let user = components.user else {
                throw Failed(description: "bad URL \(url)")
            }
            let client = PostgresClient(
                configuration: .init(host: host, port: components.port ?? 5432, username: user, password: components.password,
                                     database: String(components.path.dropFirst()), tls: .disable),
                backgroundLogger: Logger(label: "test.postgres.damage"))
            let running = Task { await client.run() }
            defer { running.cancel() }
            try await client.query(query)
        }
        return NoteDamage(blankTitle: { id in try await edit("UPDATE notes SET title = '' WHERE id = \(id.rawValue)") },
                          storeTags: { id, tags in try await edit("UPDATE notes SET tags = \(tags) WHERE id = \(id.rawValue)") })
    }
}
