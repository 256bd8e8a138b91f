import Foundation
import QuillAPI
import QuillModels
import SyncTransportInterface

/// What a person asks of sharing from the terminal (`quill share`, `quill publish`), through the
/// server this device syncs with: make a link to a note, list the links, revoke one; publish a
/// tag's notes as a site, list the sites, take one down (docs/sharing.md).
public struct ShareService: Sendable {
    private let environment: SyncEnvironment

    public init(environment: SyncEnvironment) {
        self.environment = environment
    }

    /// A link to the note on the server, which must hold it (sync first); returns the share and
    /// the page's full URL.
    public func share(_ note: NoteID, terms: NewShareBody) async throws -> (share: ShareBody, url: URL) {
        let (transport, server) = try await connected()
        let share = try await transport.createShare(of: note, terms: terms)
        return (share, Self.url(of: share.path, on: server))
    }

    /// The account's links, newest first, each with its full URL.
    public func shares() async throws -> [(share: ShareBody, url: URL)] {
        let (transport, server) = try await connected()
        return try await transport.shares().map { ($0, Self.url(of: $0.path, on: server)) }
    }

    public func revoke(_ id: String) async throws {
        try await connected().transport.revokeShare(id)
    }

    /// Publishes every note with `tag` at `/p/<slug>/`; returns the site and its full URL.
    public func publish(tag: String, slug: String, title: String?) async throws -> (site: SiteBody, url: URL) {
        let (transport, server) = try await connected()
        let site = try await transport.createSite(NewSiteBody(slug: slug, tag: tag, title: title))
        return (site, Self.url(of: site.path, on: server))
    }

    /// The account's sites, each with its full URL.
    public func sites() async throws -> [(site: SiteBody, url: URL)] {
        let (transport, server) = try await connected()
        return try await transport.sites().map { ($0, Self.url(of: $0.path, on: server)) }
    }

    public func unpublish(_ slug: String) async throws {
        try await connected().transport.deleteSite(slug)
    }

    /// The transport to the saved server, once it says it makes share links.
    private func connected() async throws -> (transport: any ShareTransport, server: URL) {
        guard let credentials = try await environment.credentials.load() else { throw SyncError.notLoggedIn }
        let transport = environment.makeShareTransport(credentials)
        guard try await transport.offersShares() else { throw ShareUnavailable(server: credentials.server) }
        return (transport, credentials.server)
    }

    /// `path` (`/s/…`, `/p/…/`) on the server: the server's address, without a trailing slash, and it.
    static func url(of path: String, on server: URL) -> URL {
        let base = server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        return URL(string: base + path) ?? server
    }
}

/// The server this device syncs with is of a release before share links.
public struct ShareUnavailable: Error, CustomStringConvertible {
    public let server: URL
    public var description: String {
        "the server at \(server.absoluteString) does not make share links: upgrade quill-server there"
    }
}
