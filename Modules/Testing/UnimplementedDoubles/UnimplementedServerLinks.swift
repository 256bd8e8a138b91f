import QuillModels
import ServerStoreInterface

/// A link repository every method of which fails the test: the default of the server test root.
public struct UnimplementedServerLinks: ServerLinkRepository {
    public init() {}

    public func links(from id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        throw unimplemented("ServerLinkRepository.links(from:account:)")
    }
    public func backlinks(to id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        throw unimplemented("ServerLinkRepository.backlinks(to:account:)")
    }
    public func brokenLinks(account: AccountID, after: LinkPosition?, limit: Int) async throws -> BrokenLinkPage {
        throw unimplemented("ServerLinkRepository.brokenLinks(account:after:limit:)")
    }
}
