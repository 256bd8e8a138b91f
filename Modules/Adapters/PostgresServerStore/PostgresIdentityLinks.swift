import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface

/// The provider identities linked to accounts, in the same database as the notes (table
/// `identity_links`, migration 19).
extension PostgresServerStore: IdentityLinkStore {
    public func linkIdentity(_ identity: ProviderIdentity, toAccountNamed name: String, at date: Date) async throws -> Account {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var found: Int64?
                for try await id in try await connection.query("SELECT id FROM accounts WHERE name = \(name) FOR UPDATE", logger: logger)
                    .decode(Int64.self) { found = id }
                guard let id = found else { throw ServerStoreError.accountNotFound(name) }
                try await connection.query("""
                    INSERT INTO identity_links (issuer, subject, account_id, linked_ms)
                    VALUES (\(identity.issuer), \(identity.subject), \(id), \(date.millisecondsSince1970)) ON CONFLICT DO NOTHING
                    """, logger: logger)
                for try await holder in try await connection.query("""
                    SELECT accounts.name FROM identity_links JOIN accounts ON accounts.id = identity_links.account_id
                    WHERE issuer = \(identity.issuer) AND subject = \(identity.subject)
                    """, logger: logger).decode(String.self) where holder != name {
                    throw ServerStoreError.identityLinked(identity, account: holder)
                }
                return Account(id: AccountID(id), name: name)
            }
        }
    }

    public func unlinkIdentity(_ identity: ProviderIdentity, fromAccountNamed name: String) async throws -> Bool {
        try await guarded {
            var removed = false
            for try await _ in try await client.query("""
                DELETE FROM identity_links WHERE issuer = \(identity.issuer) AND subject = \(identity.subject)
                    AND account_id = (SELECT id FROM accounts WHERE name = \(name)) RETURNING 1
                """, logger: logger).decode(Int32.self) { removed = true }
            return removed
        }
    }

    public func account(linkedTo identity: ProviderIdentity) async throws -> Account? {
        try await guarded {
            var found: Account?
            for try await (id, name) in try await client.query("""
                SELECT accounts.id, accounts.name FROM identity_links JOIN accounts ON accounts.id = identity_links.account_id
                WHERE issuer = \(identity.issuer) AND subject = \(identity.subject)
                """, logger: logger).decode((Int64, String).self) { found = Account(id: AccountID(id), name: name) }
            return found
        }
    }

    public func identities(ofAccountNamed name: String) async throws -> [ProviderIdentity] {
        try await guarded {
            var found: [ProviderIdentity] = []
            for try await (issuer, subject) in try await client.query("""
                SELECT issuer, subject FROM identity_links WHERE account_id = (SELECT id FROM accounts WHERE name = \(name))
                ORDER BY linked_ms, issuer COLLATE "C", subject COLLATE "C"
                """, logger: logger).decode((String, String).self) { found.append(ProviderIdentity(issuer: issuer, subject: subject)) }
            return found
        }
    }
}
