import QuillAPI
import QuillModels

/// What `quill share` asks of the server: make, list and revoke the account's share links
/// (docs/sharing.md).
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
}
