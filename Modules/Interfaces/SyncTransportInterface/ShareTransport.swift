import QuillAPI
import QuillModels

/// What `quill share` and `quill publish` ask of the server: make, list and revoke the
/// account's share links, and publish and take down its sites (docs/sharing.md).
///
/// Its own port beside `SyncTransport`, since sharing is not syncing: a fake keeps shares in
/// memory for tests and the preview, the live one speaks `POST /v1/notes/{id}/shares`,
/// `GET /v1/shares` and `DELETE /v1/shares/{id}`.
public protocol ShareTransport: Sendable {
    /// Whether the server offers share links at all (an older one does not).
    func offersShares() async throws(SyncError) -> Bool
    /// A new share of the note; `.rejected(404, …)` if the server has no such note.
    func createShare(of note: NoteID, terms: NewShareBody) async throws(SyncError) -> ShareBody
    /// The account's shares, newest first.
    func shares() async throws(SyncError) -> [ShareBody]
    /// Revokes one; `.rejected(404, …)` if the account has none with that ID.
    func revokeShare(_ id: String) async throws(SyncError)
    /// Publishes every note with the site's tag at `/p/<slug>/`; `.rejected(409, …)` for a slug taken.
    func createSite(_ site: NewSiteBody) async throws(SyncError) -> SiteBody
    /// The account's sites, by slug.
    func sites() async throws(SyncError) -> [SiteBody]
    /// Takes a site down; `.rejected(404, …)` if the account has none at that slug.
    func deleteSite(_ slug: String) async throws(SyncError)
}
