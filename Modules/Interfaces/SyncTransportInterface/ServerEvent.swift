import QuillModels

/// One event of the account's live change stream, as a watcher needs it: where the stream
/// stands, that a note changed, or that the stream cannot go on.
///
/// Exists so that `quill sync --watch` follows the server's changes in Quill's own terms; the
/// HTTP adapter reads them from `GET /v1/events` (docs/sync.md, "Live changes").
public enum ServerEvent: Hashable, Sendable {
    /// The stream is open; it goes on after `cursor`.
    case ready(cursor: SyncCursor)
    /// A note changed: the change's cursor, the note and its revision now.
    case noteChanged(cursor: SyncCursor, id: NoteID, revision: Int)
    /// The cursor asked for is not one the stream can go on from: pull the feed, then follow it
    /// from `cursor`.
    case resync(cursor: SyncCursor)
    /// The server ends the stream (it is stopping, or the token no longer reads), saying why.
    case closed(reason: String)
}
