import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Accounts and their tokens: the `accounts` and `tokens` tables. A token is kept as the SHA-256
/// of its secret (`StoredToken`), never the secret.
extension PostgresServerStore {
    public func createAccount(named name: String, token: StoredToken?) async throws -> Account {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query(
                    "INSERT INTO accounts (name, created_ms) VALUES (\(name), \(Date().millisecondsSince1970)) ON CONFLICT (name) DO NOTHING RETURNING id",
                    logger: logger)
                var id: Int64?
                for try await value in rows.decode(Int64.self) { id = value }
                guard let id else { throw ServerStoreError.accountNameTaken(name) }
                guard let token else { return Account(id: AccountID(id), name: name) }
                try await connection.query("""
                    INSERT INTO tokens (id, account_id, hash, scope, label, created_ms, expires_ms)
                    VALUES (\(token.id.rawValue), \(id), \(token.hash.hex), \(token.scope.rawValue), \(token.label),
                            \(token.created?.millisecondsSince1970), \(token.expires?.millisecondsSince1970))
                    """, logger: logger)
                return Account(id: AccountID(id), name: name)
            }
        }
    }

    public func account(id: AccountID) async throws -> Account? {
        try await guarded {
            var found: Account?
            for try await name in try await client.query("SELECT name FROM accounts WHERE id = \(id.rawValue)", logger: logger).decode(String.self) {
                found = Account(id: id, name: name)
            }
            return found
        }
    }

    public func token(id: TokenID) async throws -> (token: StoredToken, account: Account)? {
        try await guarded {
            let rows = try await client.query("""
                SELECT tokens.hash, accounts.id, accounts.name, tokens.scope, tokens.label, tokens.created_ms, tokens.expires_ms
                FROM tokens JOIN accounts ON accounts.id = tokens.account_id
                WHERE tokens.id = \(id.rawValue)
                """, logger: logger)
            for try await (hex, accountID, name, scope, label, created, expires)
                in rows.decode((String, Int64, String, String, String?, Int64?, Int64?).self) {
                guard let hash = TokenHash(hex: hex) else { throw ServerStoreError.corrupt("token \(id) has a malformed hash") }
                let token = StoredToken(id: id, hash: hash, scope: try Self.scope(scope, of: id), label: label,
                                        created: created.map(Date.init(millisecondsSince1970:)),
                                        expires: expires.map(Date.init(millisecondsSince1970:)))
                return (token, Account(id: AccountID(accountID), name: name))
            }
            return nil
        }
    }

    public func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account {
        try await guarded {
            let rows = try await client.query("""
                INSERT INTO tokens (id, account_id, hash, scope, label, created_ms, expires_ms)
                SELECT \(token.id.rawValue), id, \(token.hash.hex), \(token.scope.rawValue), \(token.label),
                       \(token.created?.millisecondsSince1970), \(token.expires?.millisecondsSince1970)
                FROM accounts WHERE name = \(name) RETURNING account_id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { return Account(id: AccountID(id), name: name) }
            throw ServerStoreError.accountNotFound(name)
        }
    }

    public func tokens(ofAccountNamed name: String) async throws -> [TokenSummary] {
        try await guarded {
            try await client.withConnection { connection in
                var account: Int64?
                for try await id in try await connection.query("SELECT id FROM accounts WHERE name = \(name)", logger: logger).decode(Int64.self) {
                    account = id
                }
                guard let account else { throw ServerStoreError.accountNotFound(name) }
                let rows = try await connection.query("""
                    SELECT id, scope, label, created_ms, last_used_ms, expires_ms, last_address FROM tokens WHERE account_id = \(account)
                    ORDER BY created_ms IS NOT NULL, created_ms, id COLLATE "C"
                    """, logger: logger)
                var summaries: [TokenSummary] = []
                for try await (text, scope, label, created, lastUsed, expires, lastAddress)
                    in rows.decode((String, String, String?, Int64?, Int64?, Int64?, String?).self) {
                    guard let id = TokenID(text) else { throw ServerStoreError.corrupt("a token of '\(name)' has a malformed ID") }
                    summaries.append(TokenSummary(
                        id: id, scope: try Self.scope(scope, of: id), label: label, created: created.map(Date.init(millisecondsSince1970:)),
                        lastUsed: lastUsed.map(Date.init(millisecondsSince1970:)), lastAddress: lastAddress,
                        expires: expires.map(Date.init(millisecondsSince1970:))))
                }
                return summaries
            }
        }
    }

    private static func scope(_ text: String, of id: TokenID) throws -> TokenScope {
        guard let scope = TokenScope(rawValue: text) else { throw ServerStoreError.corrupt("token \(id) has an unknown scope '\(text)'") }
        return scope
    }

    public func removeToken(id: TokenID) async throws -> Bool {
        try await guarded {
            let rows = try await client.query("DELETE FROM tokens WHERE id = \(id.rawValue) RETURNING id", logger: logger)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    public func accountSummaries() async throws -> [AccountSummary] {
        try await guarded {
            let rows = try await client.query("""
                SELECT accounts.id, accounts.name, accounts.created_ms,
                  (SELECT count(*) FROM notes WHERE notes.account_id = accounts.id AND NOT deleted),
                  (SELECT count(*) FROM tokens WHERE tokens.account_id = accounts.id),
                  (SELECT max(last_used_ms) FROM tokens WHERE tokens.account_id = accounts.id)
                FROM accounts ORDER BY accounts.name COLLATE "C"
                """, logger: logger)
            var summaries: [AccountSummary] = []
            for try await (id, name, created, notes, tokens, lastUsed) in rows.decode((Int64, String, Int64?, Int64, Int64, Int64?).self) {
                summaries.append(AccountSummary(
                    account: Account(id: AccountID(id), name: name), created: created.map(Date.init(millisecondsSince1970:)),
                    noteCount: Int(notes), tokenCount: Int(tokens), lastUsed: lastUsed.map(Date.init(millisecondsSince1970:))))
            }
            return summaries
        }
    }

    public func deleteAccount(named name: String) async throws {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var found: Int64?
                for try await id in try await connection.query(
                    "SELECT id FROM accounts WHERE name = \(name) FOR UPDATE", logger: logger).decode(Int64.self) {
                    found = id
                }
                guard let id = found else { throw ServerStoreError.accountNotFound(name) }
                try await connection.query("DELETE FROM tokens WHERE account_id = \(id)", logger: logger)
                try await connection.query("""
                    DELETE FROM note_revisions WHERE history_id IN (
                        SELECT history_id FROM notes WHERE account_id = \(id) AND history_id IS NOT NULL)
                    """, logger: logger)
                for table in ["note_links", "note_names", "notes", "push_requests", "attachment_chunks", "attachments", "note_shares",
                              "published_sites", "device_authorizations", "web_sessions", "identity_links"] {
                    try await connection.query("DELETE FROM \(unescaped: table) WHERE account_id = \(id)", logger: logger)
                }
                try await connection.query("DELETE FROM accounts WHERE id = \(id)", logger: logger)
            }
        }
    }

    public func recordUse(ofToken id: TokenID, at date: Date, address: String?) async throws {
        try await guarded {
            _ = try await client.query("""
                UPDATE tokens SET last_used_ms = \(date.millisecondsSince1970), last_address = \(address)
                WHERE id = \(id.rawValue) AND coalesce(last_used_ms, 0) <= \(date.millisecondsSince1970)
                """, logger: logger)
        }
    }
}
