import Foundation
import StandardInterfaces

/// Keeps the published sites (docs/sharing.md): the port the publishing routes and the site's
/// pages use. SQLite, PostgreSQL and memory keep them alike (Tests/ServerStoreContractTests/Share).
public protocol PublishedSiteStore: Sendable {
    /// Stores a new site; `false`, storing nothing, when the slug is taken (by any account).
    func createSite(_ site: PublishedSite) async throws -> Bool
    /// The site at `slug`, if there is one.
    func site(slug: String) async throws -> PublishedSite?
    /// The account's sites, by slug.
    func sites(account: AccountID) async throws -> [PublishedSite]
    /// Removes the account's site at `slug`; whether there was one.
    func deleteSite(slug: String, account: AccountID) async throws -> Bool
}
