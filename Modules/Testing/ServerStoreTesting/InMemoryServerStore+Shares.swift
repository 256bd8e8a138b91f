import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Shares in memory: for `--preview`, route tests, and as the contract suite's reference.
extension InMemoryServerStore: ShareStore {
    public func createShare(_ share: Share) async throws {
        shares.append(share)
    }

    public func share(secret: String) async throws -> Share? {
        shares.first { $0.secret == secret }
    }

    public func shares(account: AccountID) async throws -> [Share] {
        shares.filter { $0.account == account }.reversed()
    }

    public func shares(of notes: Set<NoteID>, account: AccountID) async throws -> [Share] {
        shares.filter { $0.account == account && notes.contains($0.note) }.reversed()
    }

    public func revokeShare(_ id: ShareID, account: AccountID, at date: Date) async throws -> Share? {
        guard let index = shares.firstIndex(where: { $0.id == id && $0.account == account }) else { return nil }
        if shares[index].revoked == nil { shares[index].revoked = date.roundedToMilliseconds }
        return shares[index]
    }

    public func addViews(_ count: Int, to id: ShareID) async throws {
        guard let index = shares.firstIndex(where: { $0.id == id }) else { return }
        shares[index].views += count
    }

    public func recordView(of id: ShareID, below limit: Int?) async throws -> Bool {
        guard let index = shares.firstIndex(where: { $0.id == id }) else { return false }
        if let limit, shares[index].views >= limit { return false }
        shares[index].views += 1
        return true
    }
}

/// Published sites in memory.
extension InMemoryServerStore: PublishedSiteStore {
    public func createSite(_ site: PublishedSite) async throws -> Bool {
        guard sites[site.slug] == nil else { return false }
        sites[site.slug] = site
        return true
    }

    public func site(slug: String) async throws -> PublishedSite? { sites[slug] }

    public func sites(account: AccountID) async throws -> [PublishedSite] {
        sites.values.filter { $0.account == account }.sorted { $0.slug < $1.slug }
    }

    public func deleteSite(slug: String, account: AccountID) async throws -> Bool {
        guard sites[slug]?.account == account else { return false }
        sites[slug] = nil
        return true
    }
}
