import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
import StandardInterfaces

/// The web reader's sessions in the same SQLite file as the notes (table `web_sessions`,
/// migrations 7, 19 and 20).
extension SQLiteServerStore: WebSessionStore {
    private static let sessionColumns = "id, secret_hash, account_id, token_id, form_token, created_ms, expires_ms, device, address, last_used_ms, identity_token"

    public func createSession(_ session: WebSession) async throws {
        try guarded { connection in
            try connection.query("INSERT INTO web_sessions (\(Self.sessionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
                .text(session.id), .text(session.secretHash.hex), .integer(session.account.rawValue), session.token.map { .text($0.rawValue) } ?? .null,
                .text(session.formToken), .integer(session.created.millisecondsSince1970), .integer(session.expires.millisecondsSince1970),
                session.device.map(SQLiteValue.text) ?? .null, session.address.map(SQLiteValue.text) ?? .null,
                session.lastUsed.map { .integer($0.millisecondsSince1970) } ?? .null, session.identityToken.map(SQLiteValue.text) ?? .null,
            ])
        }
    }

    public func session(secretHash: TokenHash, at now: Date) async throws -> WebSession? {
        guard let found = try sessionsWhere("secret_hash = ?", [.text(secretHash.hex)]).first else { return nil }
        guard found.expires > now else {
            _ = try await deleteSession(secretHash: secretHash)
            return nil
        }
        return found
    }

    public func sessions(account: AccountID, at now: Date) async throws -> [WebSession] {
        try sessionsWhere("account_id = ? AND expires_ms > ? ORDER BY coalesce(last_used_ms, created_ms) DESC, id",
                          [.integer(account.rawValue), .integer(now.millisecondsSince1970)])
    }

    public func deleteSession(secretHash: TokenHash) async throws -> Bool {
        try deleted("DELETE FROM web_sessions WHERE secret_hash = ? RETURNING 1", [.text(secretHash.hex)]) > 0
    }

    public func deleteSession(id: String, account: AccountID) async throws -> Bool {
        try deleted("DELETE FROM web_sessions WHERE id = ? AND account_id = ? RETURNING 1", [.text(id), .integer(account.rawValue)]) > 0
    }

    public func deleteSessions(account: AccountID) async throws -> Int {
        try deleted("DELETE FROM web_sessions WHERE account_id = ? RETURNING 1", [.integer(account.rawValue)])
    }

    public func deleteExpiredSessions(at now: Date) async throws -> Int {
        try deleted("DELETE FROM web_sessions WHERE expires_ms <= ? RETURNING 1", [.integer(now.millisecondsSince1970)])
    }

    public func recordUse(ofSession secretHash: TokenHash, at date: Date, address: String?) async throws {
        try guarded { connection in
            try connection.query("""
                UPDATE web_sessions SET last_used_ms = ?, address = coalesce(?, address)
                WHERE secret_hash = ? AND coalesce(last_used_ms, 0) <= ?
                """, [.integer(date.millisecondsSince1970), address.map(SQLiteValue.text) ?? .null, .text(secretHash.hex),
                      .integer(date.millisecondsSince1970)])
        }
    }

    private func sessionsWhere(_ condition: String, _ values: [SQLiteValue]) throws -> [WebSession] {
        try reading { connection in
            var found: [WebSession] = []
            try connection.query("SELECT \(Self.sessionColumns) FROM web_sessions WHERE \(condition)", values) { row in
                let token = row.optionalText(3).map(TokenID.init)
                guard let hash = TokenHash(hex: row.text(1)), token != .some(nil) else {
                    throw ServerStoreError.corrupt("web session '\(row.text(0))' with a malformed hash or token ID")
                }
                found.append(WebSession(
                    id: row.text(0), secretHash: hash, account: AccountID(row.integer(2)), token: token ?? nil, formToken: row.text(4),
                    created: Date(millisecondsSince1970: row.integer(5)), expires: Date(millisecondsSince1970: row.integer(6)),
                    device: row.optionalText(7), address: row.optionalText(8),
                    lastUsed: row.optionalInteger(9).map(Date.init(millisecondsSince1970:)), identityToken: row.optionalText(10)))
            }
            return found
        }
    }

    private func deleted(_ sql: String, _ values: [SQLiteValue]) throws -> Int {
        try guarded { connection in
            var count = 0
            try connection.query(sql, values) { _ in count += 1 }
            return count
        }
    }
}
