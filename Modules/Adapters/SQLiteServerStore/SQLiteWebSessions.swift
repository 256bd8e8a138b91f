import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
import StandardInterfaces

/// The web reader's sessions in the same SQLite file as the notes (table `web_sessions`, migration 7).
extension SQLiteServerStore: WebSessionStore {
    public func createSession(_ session: WebSession) async throws {
        try guarded { connection in
            try connection.query("""
                INSERT INTO web_sessions (secret_hash, account_id, token_id, form_token, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(session.secretHash.hex), .integer(session.account.rawValue), .text(session.token.rawValue),
                      .text(session.formToken), .integer(session.created.millisecondsSince1970),
                      .integer(session.expires.millisecondsSince1970)])
        }
    }

    public func session(secretHash: TokenHash, at now: Date) async throws -> WebSession? {
        let found: WebSession? = try reading { connection in
            var found: WebSession?
            try connection.query("""
                SELECT account_id, token_id, form_token, created_ms, expires_ms FROM web_sessions WHERE secret_hash = ?
                """, [.text(secretHash.hex)]) { row in
                guard let token = TokenID(row.text(1)) else { throw ServerStoreError.corrupt("web session with token ID '\(row.text(1))'") }
                found = WebSession(secretHash: secretHash, account: AccountID(row.integer(0)), token: token, formToken: row.text(2),
                                   created: Date(millisecondsSince1970: row.integer(3)), expires: Date(millisecondsSince1970: row.integer(4)))
            }
            return found
        }
        guard let found else { return nil }
        guard found.expires > now else {
            _ = try await deleteSession(secretHash: secretHash)
            return nil
        }
        return found
    }

    public func deleteSession(secretHash: TokenHash) async throws -> Bool {
        try guarded { connection in
            var deleted = false
            try connection.query("DELETE FROM web_sessions WHERE secret_hash = ? RETURNING 1", [.text(secretHash.hex)]) { _ in deleted = true }
            return deleted
        }
    }

    public func deleteSessions(account: AccountID) async throws -> Int {
        try guarded { connection in
            var count = 0
            try connection.query("DELETE FROM web_sessions WHERE account_id = ? RETURNING 1", [.integer(account.rawValue)]) { _ in count += 1 }
            return count
        }
    }

    public func deleteExpiredSessions(at now: Date) async throws -> Int {
        try guarded { connection in
            var count = 0
            try connection.query("DELETE FROM web_sessions WHERE expires_ms <= ? RETURNING 1", [.integer(now.millisecondsSince1970)]) { _ in count += 1 }
            return count
        }
    }
}
