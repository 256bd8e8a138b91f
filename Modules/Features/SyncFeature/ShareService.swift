import Foundation
import QuillAPI
import QuillModels
import SyncTransportInterface

/// What a person asks of sharing from the terminal (`quill share`), through the server this
/// device syncs with: make a link to a note, list the links, revoke one (docs/sharing.md).
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
        return (share, Self.url(of: share, on: server))
    }

    /// The account's links, newest first, each with its full URL.
    public func shares() async throws -> [(share: ShareBody, url: URL)] {
        let (transport, server) = try await connected()
        return try await transport.shares().map { ($0, Self.url(of: $0, on: server)) }
    }

    public func revoke(_ id: String) async throws {
        try await connected().transport.revokeShare(id)
    }

    /// The transport to the saved server, once it says it makes share links.
    private func connected() async throws -> (transport: any ShareTransport, server: URL) {
        guard let credentials = try await environment.credentials.load() else { throw SyncError.notLoggedIn }
        let transport = environment.makeShareTransport(credentials)
        guard try await transport.offersShares() else { throw ShareUnavailable(server: credentials.server) }
        return (transport, credentials.server)
    }

    static func url(of share: ShareBody, on server: URL) -> URL {
        let base = server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        return URL(string: base + share.path) ?? server
    }
}

/// The server this device syncs with is of a release before share links.
public struct ShareUnavailable: Error, CustomStringConvertible {
    public let server: URL
    public var description: String {
        "the server at \(server.absoluteString) does not make share links: upgrade quill-server there"
    }
}
