import Foundation
import QuillAPI
import QuillModels
import SyncTransportInterface

/// Share links over HTTP: `POST /v1/notes/{id}/shares`, `GET /v1/shares`, `DELETE /v1/shares/{id}`.
extension HTTPSyncTransport: ShareTransport {
    public func offersShares() async throws(SyncError) -> Bool {
        try await serverInfo().offersShares
    }

    public func createShare(of note: NoteID, terms: NewShareBody) async throws(SyncError) -> ShareBody {
        try decode(try await send(try posting(terms, to: .createShare, [note.rawValue])))
    }

    public func shares() async throws(SyncError) -> [ShareBody] {
        let list: ShareListBody = try decode(try await send(request(.listShares)))
        return list.shares
    }

    public func revokeShare(_ id: String) async throws(SyncError) {
        let request = request(.revokeShare, [id])
        _ = try await send(request)
    }
}

/// Published sites over HTTP: `POST /v1/sites`, `GET /v1/sites`, `DELETE /v1/sites/{slug}`.
extension HTTPSyncTransport {
    public func createSite(_ site: NewSiteBody) async throws(SyncError) -> SiteBody {
        try decode(try await send(try posting(site, to: .createSite)))
    }

    public func sites() async throws(SyncError) -> [SiteBody] {
        let list: SiteListBody = try decode(try await send(request(.listSites)))
        return list.sites
    }

    public func deleteSite(_ slug: String) async throws(SyncError) {
        let request = request(.unpublishSite, [slug])
        _ = try await send(request)
    }
}
