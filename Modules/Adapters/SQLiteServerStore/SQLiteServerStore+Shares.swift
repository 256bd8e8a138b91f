import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
import StandardInterfaces

/// Shares in the same SQLite file as the notes (table `note_shares`, migration 18).
extension SQLiteServerStore: ShareStore {
    static let shareColumns = "id, secret, account_id, note_id, snapshot, created_ms, expires_ms, view_limit, views, revoked_ms"

    public func createShare(_ share: Share) async throws {
        try guarded { connection in
            try connection.query("INSERT INTO note_shares (\(Self.shareColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
                .text(share.id.rawValue), .text(share.secret), .integer(share.account.rawValue), .text(share.note.rawValue),
                share.snapshot.map { .integer(Int64($0)) } ?? .null, .integer(share.created.millisecondsSince1970),
                share.expires.map { .integer($0.millisecondsSince1970) } ?? .null, share.viewLimit.map { .integer(Int64($0)) } ?? .null,
                .integer(Int64(share.views)), share.revoked.map { .integer($0.millisecondsSince1970) } ?? .null,
            ])
        }
    }

    public func share(secret: String) async throws -> Share? {
        try sharesWhere("secret = ?", [.text(secret)]).first
    }

    public func shares(account: AccountID) async throws -> [Share] {
        try sharesWhere("account_id = ? ORDER BY created_ms DESC, rowid DESC", [.integer(account.rawValue)])
    }

    public func shares(of notes: Set<NoteID>, account: AccountID) async throws -> [Share] {
        guard !notes.isEmpty else { return [] }
        let places = Array(repeating: "?", count: notes.count).joined(separator: ", ")
        return try sharesWhere("account_id = ? AND note_id IN (\(places)) ORDER BY created_ms DESC, rowid DESC",
                               [.integer(account.rawValue)] + notes.map { .text($0.rawValue) })
    }

    public func revokeShare(_ id: ShareID, account: AccountID, at date: Date) async throws -> Share? {
        try guarded { connection in
            try connection.query("UPDATE note_shares SET revoked_ms = coalesce(revoked_ms, ?) WHERE id = ? AND account_id = ?",
                                 [.integer(date.millisecondsSince1970), .text(id.rawValue), .integer(account.rawValue)])
        }
        return try sharesWhere("id = ? AND account_id = ?", [.text(id.rawValue), .integer(account.rawValue)]).first
    }

    public func recordView(of id: ShareID, below limit: Int?) async throws -> Bool {
        try guarded { connection in
            var counted = false
            try connection.query("UPDATE note_shares SET views = views + 1 WHERE id = ? AND (? IS NULL OR views < ?) RETURNING 1",
                                 [.text(id.rawValue), limit.map { .integer(Int64($0)) } ?? .null, limit.map { .integer(Int64($0)) } ?? .null]) { _ in
                counted = true
            }
            return counted
        }
    }

    public func addViews(_ count: Int, to id: ShareID) async throws {
        try guarded { connection in
            try connection.query("UPDATE note_shares SET views = views + ? WHERE id = ?", [.integer(Int64(count)), .text(id.rawValue)])
        }
    }

    private func sharesWhere(_ condition: String, _ values: [SQLiteValue]) throws -> [Share] {
        try reading { connection in
            var found: [Share] = []
            try connection.query("SELECT \(Self.shareColumns) FROM note_shares WHERE \(condition)", values) { row in
                guard let id = ShareID(row.text(0)), let note = NoteID(row.text(3)) else {
                    throw ServerStoreError.corrupt("share '\(row.text(0))' of note '\(row.text(3))'")
                }
                found.append(Share(
                    id: id, secret: row.text(1), account: AccountID(row.integer(2)), note: note,
                    snapshot: row.optionalInteger(4).map(Int.init), created: Date(millisecondsSince1970: row.integer(5)),
                    expires: row.optionalInteger(6).map(Date.init(millisecondsSince1970:)), viewLimit: row.optionalInteger(7).map(Int.init),
                    views: Int(row.integer(8)), revoked: row.optionalInteger(9).map(Date.init(millisecondsSince1970:))))
            }
            return found
        }
    }
}

/// Published sites in the same SQLite file (table `published_sites`, migration 18).
extension SQLiteServerStore: PublishedSiteStore {
    public func createSite(_ site: PublishedSite) async throws -> Bool {
        try guarded { connection in
            var created = false
            try connection.query("""
                INSERT INTO published_sites (slug, account_id, tag, title, created_ms) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (slug) DO NOTHING RETURNING 1
                """, [.text(site.slug), .integer(site.account.rawValue), .text(site.tag.rawValue), .text(site.title),
                      .integer(site.created.millisecondsSince1970)]) { _ in created = true }
            return created
        }
    }

    public func site(slug: String) async throws -> PublishedSite? {
        try sitesWhere("slug = ?", [.text(slug)]).first
    }

    public func sites(account: AccountID) async throws -> [PublishedSite] {
        try sitesWhere("account_id = ? ORDER BY slug", [.integer(account.rawValue)])
    }

    public func deleteSite(slug: String, account: AccountID) async throws -> Bool {
        try guarded { connection in
            var deleted = false
            try connection.query("DELETE FROM published_sites WHERE slug = ? AND account_id = ? RETURNING 1",
                                 [.text(slug), .integer(account.rawValue)]) { _ in deleted = true }
            return deleted
        }
    }

    private func sitesWhere(_ condition: String, _ values: [SQLiteValue]) throws -> [PublishedSite] {
        try reading { connection in
            var found: [PublishedSite] = []
            try connection.query("SELECT slug, account_id, tag, title, created_ms FROM published_sites WHERE \(condition)", values) { row in
                guard let tag = try? Tag(row.text(2)) else { throw ServerStoreError.corrupt("site '\(row.text(0))' with tag '\(row.text(2))'") }
                found.append(PublishedSite(slug: row.text(0), account: AccountID(row.integer(1)), tag: tag, title: row.text(3),
                                           created: Date(millisecondsSince1970: row.integer(4))))
            }
            return found
        }
    }
}
