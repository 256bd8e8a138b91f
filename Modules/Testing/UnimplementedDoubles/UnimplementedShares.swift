import Foundation
import QuillModels
import ServerStoreInterface

/// A share store every method of which fails the test: the default of the server test root.
public struct UnimplementedShares: ShareStore {
    public init() {}

    public func createShare(_ share: Share) async throws { throw unimplemented("ShareStore.createShare(_:)") }
    public func share(secret: String) async throws -> Share? { throw unimplemented("ShareStore.share(secret:)") }
    public func shares(account: AccountID) async throws -> [Share] { throw unimplemented("ShareStore.shares(account:)") }
    public func shares(of notes: Set<NoteID>, account: AccountID) async throws -> [Share] {
        throw unimplemented("ShareStore.shares(of:account:)")
    }
    public func revokeShare(_ id: ShareID, account: AccountID, at date: Date) async throws -> Share? {
        throw unimplemented("ShareStore.revokeShare(_:account:at:)")
    }
    public func addViews(_ count: Int, to id: ShareID) async throws { throw unimplemented("ShareStore.addViews(_:to:)") }
    public func recordView(of id: ShareID, below limit: Int?) async throws -> Bool {
        throw unimplemented("ShareStore.recordView(of:below:)")
    }
}

/// A site store every method of which fails the test: the default of the server test root.
public struct UnimplementedSites: PublishedSiteStore {
    public init() {}

    public func createSite(_ site: PublishedSite) async throws -> Bool { throw unimplemented("PublishedSiteStore.createSite(_:)") }
    public func site(slug: String) async throws -> PublishedSite? { throw unimplemented("PublishedSiteStore.site(slug:)") }
    public func sites(account: AccountID) async throws -> [PublishedSite] { throw unimplemented("PublishedSiteStore.sites(account:)") }
    public func deleteSite(slug: String, account: AccountID) async throws -> Bool {
        throw unimplemented("PublishedSiteStore.deleteSite(slug:account:)")
    }
}
