import Foundation
import QuillModels
import ServerStoreInterface

/// A share store that announces each share made or revoked (`AccountNotice.shares`), so that event
/// streams pass it on: the one place the API and the web reader pass, whichever store is behind it.
struct AnnouncingShareStore: ShareStore {
    let base: any ShareStore
    let signals: any ChangeSignaling

    func createShare(_ share: Share) async throws {
        try await base.createShare(share)
        await signals.announce(.shares, to: share.account)
    }

    func share(secret: String) async throws -> Share? { try await base.share(secret: secret) }

    func shares(account: AccountID) async throws -> [Share] { try await base.shares(account: account) }

    func shares(of notes: Set<NoteID>, account: AccountID) async throws -> [Share] { try await base.shares(of: notes, account: account) }

    func revokeShare(_ id: ShareID, account: AccountID, at date: Date) async throws -> Share? {
        let revoked = try await base.revokeShare(id, account: account, at: date)
        if revoked != nil { await signals.announce(.shares, to: account) }
        return revoked
    }

    func recordView(of id: ShareID, below limit: Int?) async throws -> Bool { try await base.recordView(of: id, below: limit) }

    func addViews(_ count: Int, to id: ShareID) async throws { try await base.addViews(count, to: id) }
}

/// The published collections' store, announcing each one published or withdrawn as `AccountNotice.shares`.
struct AnnouncingSiteStore: PublishedSiteStore {
    let base: any PublishedSiteStore
    let signals: any ChangeSignaling

    func createSite(_ site: PublishedSite) async throws -> Bool {
        let created = try await base.createSite(site)
        if created { await signals.announce(.shares, to: site.account) }
        return created
    }

    func site(slug: String) async throws -> PublishedSite? { try await base.site(slug: slug) }

    func sites(account: AccountID) async throws -> [PublishedSite] { try await base.sites(account: account) }

    func deleteSite(slug: String, account: AccountID) async throws -> Bool {
        let deleted = try await base.deleteSite(slug: slug, account: account)
        if deleted { await signals.announce(.shares, to: account) }
        return deleted
    }
}
