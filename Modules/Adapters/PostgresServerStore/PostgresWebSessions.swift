import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// The web reader's sessions in the same database as the notes (table `web_sessions`, migration 7).
extension PostgresServerStore: WebSessionStore {
    public func createSession(_ session: WebSession) async throws {
        try await guarded {
            _ = try await client.query("""
                INSERT INTO web_sessions (secret_hash, account_id, token_id, form_token, created_ms, expires_ms)
                VALUES (\(session.secretHash.hex), \(session.account.rawValue), \(session.token.rawValue), \(session.formToken),
                        \(session.created.millisecondsSince1970), \(session.expires.millisecondsSince1970))
                """, logger: logger)
        }
    }

    public func session(secretHash: TokenHash, at now: Date) async throws -> WebSession? {
        let found: WebSession? = try await guarded {
            let rows = try await client.query("""
                SELECT account_id, token_id, form_token, created_ms, expires_ms FROM web_sessions WHERE secret_hash = \(secretHash.hex)
                """, logger: logger)
            for try await (account, tokenText, formToken, created, expires) in rows.decode((Int64, String, String, Int64, Int64).self) {
                guard let token = TokenID(tokenText) else { throw ServerStoreError.corrupt("web session with token ID '\(tokenText)'") }
                return WebSession(secretHash: secretHash, account: AccountID(account), token: token, formToken: formToken,
                                  created: Date(millisecondsSince1970: created), expires: Date(millisecondsSince1970: expires))
            }
            return nil
        }
        guard let found else { return nil }
        guard found.expires > now else {
            _ = try await deleteSession(secretHash: secretHash)
            return nil
        }
        return found
    }

    public func deleteSession(secretHash: TokenHash) async throws -> Bool {
        try await deleted("DELETE FROM web_sessions WHERE secret_hash = \(secretHash.hex) RETURNING 1") > 0
    }

    public func deleteSessions(account: AccountID) async throws -> Int {
        try await deleted("DELETE FROM web_sessions WHERE account_id = \(account.rawValue) RETURNING 1")
    }

    public func deleteExpiredSessions(at now: Date) async throws -> Int {
        try await deleted("DELETE FROM web_sessions WHERE expires_ms <= \(now.millisecondsSince1970) RETURNING 1")
    }

    private func deleted(_ query: PostgresQuery) async throws -> Int {
        try await guarded {
            var count = 0
            for try await _ in try await client.query(query, logger: logger).decode(Int32.self) { count += 1 }
            return count
        }
    }
}
