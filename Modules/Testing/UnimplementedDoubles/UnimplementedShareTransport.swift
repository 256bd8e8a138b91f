import QuillAPI
import QuillModels
import SyncTransportInterface

/// A share transport that fails the test when used: the test root's default.
public struct UnimplementedShareTransport: ShareTransport {
    public init() {}

    public func offersShares() async throws(SyncError) -> Bool {
        throw .badResponse(unimplemented("ShareTransport.offersShares").description)
    }
    public func createShare(of note: NoteID, terms: NewShareBody) async throws(SyncError) -> ShareBody {
        throw .badResponse(unimplemented("ShareTransport.createShare").description)
    }
    public func shares() async throws(SyncError) -> [ShareBody] {
        throw .badResponse(unimplemented("ShareTransport.shares").description)
    }
    public func revokeShare(_ id: String) async throws(SyncError) {
        throw .badResponse(unimplemented("ShareTransport.revokeShare").description)
    }
    public func createSite(_ site: NewSiteBody) async throws(SyncError) -> SiteBody {
        throw .badResponse(unimplemented("ShareTransport.createSite").description)
    }
    public func sites() async throws(SyncError) -> [SiteBody] {
        throw .badResponse(unimplemented("ShareTransport.sites").description)
    }
    public func deleteSite(_ slug: String) async throws(SyncError) {
        throw .badResponse(unimplemented("ShareTransport.deleteSite").description)
    }
}
