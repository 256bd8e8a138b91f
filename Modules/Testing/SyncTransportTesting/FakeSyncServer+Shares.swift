import Foundation
import QuillAPI
import QuillModels
import SyncTransportInterface

/// Share links in memory, as the real server answers them: for `quill share` tests and the preview.
extension FakeSyncServer: ShareTransport {
    public func offersShares() async throws(SyncError) -> Bool { info.offersShares }

    public func createShare(of note: NoteID, terms: NewShareBody) async throws(SyncError) -> ShareBody {
        guard let current = notes[note], !current.isDeleted else { throw .rejected(status: 404, code: "not_found", message: "no note with ID \(note)") }
        let number = shareList.count + 1
        let id = String(format: "%016x", number), secret = String(repeating: String(format: "%02x", number % 256), count: 32)
        let share = ShareBody(id: id, note: note, path: "/s/" + secret, state: "active", created: Timestamp(current.updated),
                              expires: terms.expires, viewLimit: terms.views, views: 0, snapshot: terms.snapshot == true ? current.revision : nil,
                              revoked: nil)
        shareList.insert(share, at: 0)
        return share
    }

    public func shares() async throws(SyncError) -> [ShareBody] { shareList }

    public func revokeShare(_ id: String) async throws(SyncError) {
        guard let index = shareList.firstIndex(where: { $0.id == id }) else {
            throw .rejected(status: 404, code: "not_found", message: "no share with ID \(id)")
        }
        let share = shareList[index]
        shareList[index] = ShareBody(id: share.id, note: share.note, path: share.path, state: "revoked", created: share.created, expires: share.expires,
                                     viewLimit: share.viewLimit, views: share.views, snapshot: share.snapshot, revoked: share.created)
    }
}

/// Published sites in memory, as the real server answers them.
extension FakeSyncServer {
    public func createSite(_ site: NewSiteBody) async throws(SyncError) -> SiteBody {
        guard !siteList.contains(where: { $0.slug == site.slug }) else {
            throw .rejected(status: 409, code: "slug_taken", message: "the slug '\(site.slug)' is taken on this server; choose another")
        }
        let made = SiteBody(slug: site.slug, tag: site.tag, title: site.title ?? site.tag, path: "/p/\(site.slug)/", created: Timestamp(Date(timeIntervalSince1970: 0)))
        siteList.append(made)
        siteList.sort { $0.slug < $1.slug }
        return made
    }

    public func sites() async throws(SyncError) -> [SiteBody] { siteList }

    public func deleteSite(_ slug: String) async throws(SyncError) {
        guard let index = siteList.firstIndex(where: { $0.slug == slug }) else {
            throw .rejected(status: 404, code: "not_found", message: "no site at '\(slug)' in this account")
        }
        siteList.remove(at: index)
    }
}
