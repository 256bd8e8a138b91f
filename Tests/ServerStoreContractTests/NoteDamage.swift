import CSQLite
import Foundation
import Logging
import PostgresNIO
import QuillModels

/// Damages a stored note behind the store's back, as a disk fault, a manual edit or an old bug
/// would: its stored title becomes empty, which no door accepts.
struct NoteDamage: Sendable {
    let blankTitle: @Sendable (NoteID) async throws -> Void

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static func sqlite(path: String) -> NoteDamage {
        NoteDamage { id in
            var database: OpaquePointer?
            defer { sqlite3_close(database) }
            guard sqlite3_open(path, &database) == SQLITE_OK else { throw Failed(description: "cannot open \(path)") }
            sqlite3_busy_timeout(database, 5000)
            guard sqlite3_exec(database, "UPDATE notes SET title = '' WHERE id = '\(id.rawValue)'", nil, nil, nil) == SQLITE_OK else {
                throw Failed(description: String(cString: sqlite3_errmsg(database)))
            }
        }
    }

    static func postgres(url: String) -> NoteDamage {
        NoteDamage { id in
            guard let components = URLComponents(string: url), let host = components.host, let user = components.user else {
                throw Failed(description: "bad URL \(url)")
            }
            let client = PostgresClient(
                configuration: .init(host: host, port: components.port ?? 5432, username: user, password: components.password,
                                     database: String(components.path.dropFirst()), tls: .disable),
                backgroundLogger: Logger(label: "test.postgres.damage"))
            let running = Task { await client.run() }
            defer { running.cancel() }
            try await client.query("UPDATE notes SET title = '' WHERE id = \(id.rawValue)")
        }
    }
}
