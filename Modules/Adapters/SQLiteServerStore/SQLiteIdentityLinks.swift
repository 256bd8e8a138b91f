import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// The provider identities linked to accounts, in the same SQLite file as the notes (table
/// `identity_links`, migration 20).
extension SQLiteServerStore: IdentityLinkStore {
    public func linkIdentity(_ identity: ProviderIdentity, toAccountNamed name: String, at date: Date) async throws -> Account {
        try guarded { connection in
            try connection.transaction {
                var account: Account?
                try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) { account = Account(id: AccountID($0.integer(0)), name: name) }
                guard let account else { throw ServerStoreError.accountNotFound(name) }
                var holder: String?
                try connection.query("""
                    SELECT accounts.name FROM identity_links JOIN accounts ON accounts.id = identity_links.account_id
                    WHERE issuer = ? AND subject = ?
                    """, [.text(identity.issuer), .text(identity.subject)]) { holder = $0.text(0) }
                if let holder, holder != name { throw ServerStoreError.identityLinked(identity, account: holder) }
                try connection.query("INSERT OR IGNORE INTO identity_links (issuer, subject, account_id, linked_ms) VALUES (?, ?, ?, ?)",
                                     [.text(identity.issuer), .text(identity.subject), .integer(account.id.rawValue),
                                      .integer(date.millisecondsSince1970)])
                return account
            }
        }
    }

    public func unlinkIdentity(_ identity: ProviderIdentity, fromAccountNamed name: String) async throws -> Bool {
        try guarded { connection in
            var removed = false
            try connection.query("""
                DELETE FROM identity_links WHERE issuer = ? AND subject = ? AND account_id = (SELECT id FROM accounts WHERE name = ?) RETURNING 1
                """, [.text(identity.issuer), .text(identity.subject), .text(name)]) { _ in removed = true }
            return removed
        }
    }

    public func account(linkedTo identity: ProviderIdentity) async throws -> Account? {
        try reading { connection in
            var found: Account?
            try connection.query("""
                SELECT accounts.id, accounts.name FROM identity_links JOIN accounts ON accounts.id = identity_links.account_id
                WHERE issuer = ? AND subject = ?
                """, [.text(identity.issuer), .text(identity.subject)]) { found = Account(id: AccountID($0.integer(0)), name: $0.text(1)) }
            return found
        }
    }

    public func identities(ofAccountNamed name: String) async throws -> [ProviderIdentity] {
        try reading { connection in
            var found: [ProviderIdentity] = []
            try connection.query("""
                SELECT issuer, subject FROM identity_links WHERE account_id = (SELECT id FROM accounts WHERE name = ?)
                ORDER BY linked_ms, issuer, subject
                """, [.text(name)]) { found.append(ProviderIdentity(issuer: $0.text(0), subject: $0.text(1))) }
            return found
        }
    }
}
