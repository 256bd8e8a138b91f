import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Shares in the same database as the notes (table `note_shares`, migration 17). No server caches
/// one: a revocation through one server holds on every other at their next request.
extension PostgresServerStore: ShareStore {
    public func createShare(_ share: Share) async throws {
        try await guarded {
            _ = try await client.query("""
                INSERT INTO note_shares (id, secret, account_id, note_id, snapshot, created_ms, expires_ms, view_limit, views, revoked_ms)
                VALUES (\(share.id.rawValue), \(share.secret), \(share.account.rawValue), \(share.note.rawValue), \(share.snapshot.map(Int64.init)),
                        \(share.created.millisecondsSince1970), \(share.expires?.millisecondsSince1970), \(share.viewLimit.map(Int64.init)),
                        \(Int64(share.views)), \(share.revoked?.millisecondsSince1970))
                """, logger: logger)
        }
    }

    public func share(secret: String) async throws -> Share? {
        try await sharesWhere("secret = \(secret)").first
    }

    public func shares(account: AccountID) async throws -> [Share] {
        try await sharesWhere("account_id = \(account.rawValue) ORDER BY created_ms DESC, id DESC")
    }

    public func shares(of notes: Set<NoteID>, account: AccountID) async throws -> [Share] {
        guard !notes.isEmpty else { return [] }
        return try await sharesWhere("account_id = \(account.rawValue) AND note_id = ANY(\(notes.map(\.rawValue))::text[]) ORDER BY created_ms DESC, id DESC")
    }

    public func revokeShare(_ id: ShareID, account: AccountID, at date: Date) async throws -> Share? {
        try await guarded {
            _ = try await client.query("""
                UPDATE note_shares SET revoked_ms = coalesce(revoked_ms, \(date.millisecondsSince1970))
                WHERE id = \(id.rawValue) AND account_id = \(account.rawValue)
                """, logger: logger)
        }
        return try await sharesWhere("id = \(id.rawValue) AND account_id = \(account.rawValue)").first
    }

    public func recordView(of id: ShareID, below limit: Int?) async throws -> Bool {
        try await guarded {
            let limit = limit.map(Int64.init)
            for try await _ in try await client.query("""
                UPDATE note_shares SET views = views + 1 WHERE id = \(id.rawValue) AND (\(limit)::bigint IS NULL OR views < \(limit)::bigint) RETURNING 1
                """, logger: logger).decode(Int32.self) { return true }
            return false
        }
    }

    public func addViews(_ count: Int, to id: ShareID) async throws {
        try await guarded {
            _ = try await client.query("UPDATE note_shares SET views = views + \(Int64(count)) WHERE id = \(id.rawValue)", logger: logger)
        }
    }

    private func sharesWhere(_ condition: PostgresQuery) async throws -> [Share] {
        try await guarded {
            var query: PostgresQuery = """
                SELECT id, secret, account_id, note_id, snapshot, created_ms, expires_ms, view_limit, views, revoked_ms FROM note_shares WHERE
                """
            query.sql += " " + condition.sql
            query.binds = condition.binds
            var found: [Share] = []
            for try await (id, secret, account, note, snapshot, created, expires, limit, views, revoked) in try await client.query(query, logger: logger)
                .decode((String, String, Int64, String, Int64?, Int64, Int64?, Int64?, Int64, Int64?).self) {
                guard let shareID = ShareID(id), let noteID = NoteID(note) else { throw ServerStoreError.corrupt("share '\(id)' of note '\(note)'") }
                found.append(Share(id: shareID, secret: secret, account: AccountID(account), note: noteID, snapshot: snapshot.map(Int.init),
                                   created: Date(millisecondsSince1970: created), expires: expires.map(Date.init(millisecondsSince1970:)),
                                   viewLimit: limit.map(Int.init), views: Int(views), revoked: revoked.map(Date.init(millisecondsSince1970:))))
            }
            return found
        }
    }
}

/// Published sites in the same database (table `published_sites`, migration 17).
extension PostgresServerStore: PublishedSiteStore {
    public func createSite(_ site: PublishedSite) async throws -> Bool {
        try await guarded {
            for try await _ in try await client.query("""
                INSERT INTO published_sites (slug, account_id, tag, title, created_ms)
                VALUES (\(site.slug), \(site.account.rawValue), \(PostgresText.stored(site.tag.rawValue)), \(PostgresText.stored(site.title)), \(site.created.millisecondsSince1970))
                ON CONFLICT (slug) DO NOTHING RETURNING 1
                """, logger: logger).decode(Int32.self) { return true }
            return false
        }
    }

    public func site(slug: String) async throws -> PublishedSite? {
        try await sitesWhere("slug = \(slug)").first
    }

    public func sites(account: AccountID) async throws -> [PublishedSite] {
        try await sitesWhere("account_id = \(account.rawValue) ORDER BY slug")
    }

    public func deleteSite(slug: String, account: AccountID) async throws -> Bool {
        try await guarded {
            for try await _ in try await client.query(
                "DELETE FROM published_sites WHERE slug = \(slug) AND account_id = \(account.rawValue) RETURNING 1", logger: logger
            ).decode(Int32.self) { return true }
            return false
        }
    }

    private func sitesWhere(_ condition: PostgresQuery) async throws -> [PublishedSite] {
        try await guarded {
            var query: PostgresQuery = "SELECT slug, account_id, tag, title, created_ms FROM published_sites WHERE"
            query.sql += " " + condition.sql
            query.binds = condition.binds
            var found: [PublishedSite] = []
            for try await (slug, account, tagText, title, created) in try await client.query(query, logger: logger)
                .decode((String, Int64, String, String, Int64).self) {
                guard let tag = try? Tag(PostgresText.read(tagText)) else { throw ServerStoreError.corrupt("site '\(slug)' with tag '\(tagText)'") }
                found.append(PublishedSite(slug: slug, account: AccountID(account), tag: tag, title: PostgresText.read(title),
                                           created: Date(millisecondsSince1970: created)))
            }
            return found
        }
    }
}
