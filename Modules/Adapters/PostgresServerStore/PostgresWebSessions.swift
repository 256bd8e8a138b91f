import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// The web reader's sessions in the same database as the notes (table `web_sessions`,
/// migrations 7, 18 and 19). No server caches one: ending it through one server holds on every other
/// at their next request.
extension PostgresServerStore: WebSessionStore {
    public func createSession(_ session: WebSession) async throws {
        try await guarded {
            _ = try await client.query("""
                INSERT INTO web_sessions (id, secret_hash, account_id, token_id, form_token, created_ms, expires_ms, device, address, last_used_ms,
                                          identity_token)
                VALUES (\(session.id), \(session.secretHash.hex), \(session.account.rawValue), \(session.token?.rawValue), \(session.formToken),
                        \(session.created.millisecondsSince1970), \(session.expires.millisecondsSince1970), \(session.device),
                        \(session.address), \(session.lastUsed?.millisecondsSince1970), \(session.identityToken))
                """, logger: logger)
        }
    }

    public func session(secretHash: TokenHash, at now: Date) async throws -> WebSession? {
        guard let found = try await sessionsWhere("secret_hash = \(secretHash.hex)").first else { return nil }
        guard found.expires > now else {
            _ = try await deleteSession(secretHash: secretHash)
            return nil
        }
        return found
    }

    public func sessions(account: AccountID, at now: Date) async throws -> [WebSession] {
        try await sessionsWhere("""
            account_id = \(account.rawValue) AND expires_ms > \(now.millisecondsSince1970)
            ORDER BY coalesce(last_used_ms, created_ms) DESC, id COLLATE "C"
            """)
    }

    public func deleteSession(secretHash: TokenHash) async throws -> Bool {
        try await deleted("DELETE FROM web_sessions WHERE secret_hash = \(secretHash.hex) RETURNING 1") > 0
    }

    public func deleteSession(id: String, account: AccountID) async throws -> Bool {
        try await deleted("DELETE FROM web_sessions WHERE id = \(id) AND account_id = \(account.rawValue) RETURNING 1") > 0
    }

    public func deleteSessions(account: AccountID) async throws -> Int {
        try await deleted("DELETE FROM web_sessions WHERE account_id = \(account.rawValue) RETURNING 1")
    }

    public func deleteExpiredSessions(at now: Date) async throws -> Int {
        try await deleted("DELETE FROM web_sessions WHERE expires_ms <= \(now.millisecondsSince1970) RETURNING 1")
    }

    public func recordUse(ofSession secretHash: TokenHash, at date: Date, address: String?) async throws {
        try await guarded {
            _ = try await client.query("""
                UPDATE web_sessions SET last_used_ms = \(date.millisecondsSince1970), address = coalesce(\(address), address)
                WHERE secret_hash = \(secretHash.hex) AND coalesce(last_used_ms, 0) <= \(date.millisecondsSince1970)
                """, logger: logger)
        }
    }

    private func sessionsWhere(_ condition: PostgresQuery) async throws -> [WebSession] {
        try await guarded {
            var query: PostgresQuery = """
                SELECT id, secret_hash, account_id, token_id, form_token, created_ms, expires_ms, device, address, last_used_ms, identity_token
                FROM web_sessions WHERE
                """
            query.sql += " " + condition.sql
            query.binds = condition.binds
            var found: [WebSession] = []
            for try await (id, hashText, account, tokenText, formToken, created, expires, device, address, lastUsed, identityToken) in try await client
                .query(query, logger: logger)
                .decode((String, String, Int64, String?, String, Int64, Int64, String?, String?, Int64?, String?).self) {
                let token = tokenText.map(TokenID.init)
                guard let hash = TokenHash(hex: hashText), token != .some(nil) else {
                    throw ServerStoreError.corrupt("web session '\(id)' with a malformed hash or token ID")
                }
                found.append(WebSession(
                    id: id, secretHash: hash, account: AccountID(account), token: token ?? nil, formToken: formToken,
                    created: Date(millisecondsSince1970: created), expires: Date(millisecondsSince1970: expires), device: device,
                    address: address, lastUsed: lastUsed.map(Date.init(millisecondsSince1970:)), identityToken: identityToken))
            }
            return found
        }
    }

    private func deleted(_ query: PostgresQuery) async throws -> Int {
        try await guarded {
            var count = 0
            for try await _ in try await client.query(query, logger: logger).decode(Int32.self) { count += 1 }
            return count
        }
    }
}
