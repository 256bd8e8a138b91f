import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
import StandardInterfaces

/// Accounts and their tokens: the `accounts` and `tokens` tables. A token is kept as the SHA-256
/// of its secret (`StoredToken`), never the secret.
extension SQLiteServerStore {
    public func createAccount(named name: String, token: StoredToken?) async throws -> Account {
        try guarded { connection in
            try connection.transaction {
                var taken = false
                try connection.query("SELECT 1 FROM accounts WHERE name = ?", [.text(name)]) { _ in taken = true }
                guard !taken else { throw ServerStoreError.accountNameTaken(name) }
                // Never an ID a deleted account had (see migration 5).
                var id: Int64 = 0
                try connection.query("UPDATE account_ids_given SET highest = max(highest, (SELECT coalesce(max(id), 0) FROM accounts)) + 1 RETURNING highest") {
                    id = $0.integer(0)
                }
                try connection.query("INSERT INTO accounts (id, name, created_ms) VALUES (?, ?, ?)",
                                     [.integer(id), .text(name), .integer(Date().millisecondsSince1970)])
                if let token { try Self.insert(token, account: id, on: connection) }
                return Account(id: AccountID(id), name: name)
            }
        }
    }

    public func account(id: AccountID) async throws -> Account? {
        try reading { connection in
            var found: Account?
            try connection.query("SELECT name FROM accounts WHERE id = ?", [.integer(id.rawValue)]) { found = Account(id: id, name: $0.text(0)) }
            return found
        }
    }

    public func token(id: TokenID) async throws -> (token: StoredToken, account: Account)? {
        try reading { connection in
            var found: (token: StoredToken, account: Account)?
            try connection.query("""
                SELECT tokens.hash, accounts.id, accounts.name, tokens.scope, tokens.label, tokens.created_ms, tokens.expires_ms
                FROM tokens JOIN accounts ON accounts.id = tokens.account_id
                WHERE tokens.id = ?
                """, [.text(id.rawValue)]) { row in
                guard let hash = TokenHash(hex: row.text(0)) else { throw ServerStoreError.corrupt("token \(id) has a malformed hash") }
                let token = StoredToken(id: id, hash: hash, scope: try Self.scope(row.text(3), of: id), label: row.optionalText(4),
                                        created: row.optionalInteger(5).map(Date.init(millisecondsSince1970:)), expires: row.optionalInteger(6).map(Date.init(millisecondsSince1970:)))
                found = (token, Account(id: AccountID(row.integer(1)), name: row.text(2)))
            }
            return found
        }
    }

    public func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account {
        try guarded { connection in
            try connection.transaction {
                var account: Account?
                try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) {
                    account = Account(id: AccountID($0.integer(0)), name: name)
                }
                guard let account else { throw ServerStoreError.accountNotFound(name) }
                try Self.insert(token, account: account.id.rawValue, on: connection)
                return account
            }
        }
    }

    public func tokens(ofAccountNamed name: String) async throws -> [TokenSummary] {
        try reading { connection in
            var account: Int64?
            try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) { account = $0.integer(0) }
            guard let account else { throw ServerStoreError.accountNotFound(name) }
            var summaries: [TokenSummary] = []
            try connection.query("""
                SELECT id, scope, label, created_ms, last_used_ms, expires_ms, last_address FROM tokens WHERE account_id = ?
                ORDER BY created_ms IS NOT NULL, created_ms, id
                """, [.integer(account)]) { row in
                guard let id = TokenID(row.text(0)) else { throw ServerStoreError.corrupt("a token of '\(name)' has a malformed ID") }
                summaries.append(TokenSummary(id: id, scope: try Self.scope(row.text(1), of: id), label: row.optionalText(2),
                                              created: row.optionalInteger(3).map(Date.init(millisecondsSince1970:)), lastUsed: row.optionalInteger(4).map(Date.init(millisecondsSince1970:)), lastAddress: row.optionalText(6),
                                              expires: row.optionalInteger(5).map(Date.init(millisecondsSince1970:))))
            }
            return summaries
        }
    }

    private static func insert(_ token: StoredToken, account: Int64, on connection: SQLiteConnection) throws {
        try connection.query("INSERT INTO tokens (id, account_id, hash, scope, label, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?, ?)", [
            .text(token.id.rawValue), .integer(account), .text(token.hash.hex), .text(token.scope.rawValue),
            token.label.map(SQLiteValue.text) ?? .null, token.created.map { .integer($0.millisecondsSince1970) } ?? .null,
            token.expires.map { .integer($0.millisecondsSince1970) } ?? .null,
        ])
    }

    private static func scope(_ text: String, of id: TokenID) throws -> TokenScope {
        guard let scope = TokenScope(rawValue: text) else { throw ServerStoreError.corrupt("token \(id) has an unknown scope '\(text)'") }
        return scope
    }

    public func removeToken(id: TokenID) async throws -> Bool {
        try guarded { connection in
            var removed = false
            try connection.query("DELETE FROM tokens WHERE id = ? RETURNING id", [.text(id.rawValue)]) { _ in removed = true }
            return removed
        }
    }

    public func accountSummaries() async throws -> [AccountSummary] {
        try reading { connection in
            var summaries: [AccountSummary] = []
            try connection.query("""
                SELECT accounts.id, accounts.name, accounts.created_ms,
                  (SELECT count(*) FROM notes WHERE notes.account_id = accounts.id AND deleted = 0),
                  (SELECT count(*) FROM tokens WHERE tokens.account_id = accounts.id),
                  (SELECT max(last_used_ms) FROM tokens WHERE tokens.account_id = accounts.id)
                FROM accounts ORDER BY accounts.name
                """) { row in
                summaries.append(AccountSummary(
                    account: Account(id: AccountID(row.integer(0)), name: row.text(1)),
                    created: row.optionalInteger(2).map(Date.init(millisecondsSince1970:)),
                    noteCount: Int(row.integer(3)), tokenCount: Int(row.integer(4)),
                    lastUsed: row.optionalInteger(5).map(Date.init(millisecondsSince1970:))))
            }
            return summaries
        }
    }

    public func deleteAccount(named name: String) async throws {
        let id = try guarded { connection in
            try connection.transaction {
                var id: Int64?
                try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) { id = $0.integer(0) }
                guard let id else { throw ServerStoreError.accountNotFound(name) }
                for table in ["tokens", "note_revisions", "note_links", "note_names", "notes", "push_requests", "attachment_chunks", "attachments", "note_shares", "published_sites", "device_authorizations", "web_sessions", "identity_links"] {
                    try connection.query("DELETE FROM \(table) WHERE account_id = ?", [.integer(id)])
                }
                try connection.query("DELETE FROM accounts WHERE id = ?", [.integer(id)])
                return id
            }
        }
        // Once the rows are gone: a failed deletion leaves every byte its rows need.
        attachmentFiles.removeAll(of: AccountID(id))
    }

    public func recordUse(ofToken id: TokenID, at date: Date, address: String?) async throws {
        try guarded { connection in
            try connection.query("UPDATE tokens SET last_used_ms = ?, last_address = ? WHERE id = ? AND coalesce(last_used_ms, 0) <= ?",
                                 [.integer(date.millisecondsSince1970), address.map(SQLiteValue.text) ?? .null, .text(id.rawValue),
                                  .integer(date.millisecondsSince1970)])
        }
    }
}
