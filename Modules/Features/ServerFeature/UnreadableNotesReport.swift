import Hummingbird
import Logging
import QuillModels
import ServerStoreInterface

/// Tells about the stored notes a list, an export or a change feed page left out because they
/// could not be read: one error line each in the log, the `quill_unreadable_notes_total`
/// counter, and their IDs in the response's `Quill-Unreadable-Notes` header.
///
/// Exists so that a damaged record costs only itself, yet never goes unnoticed.
enum UnreadableNotesReport {
    static let header = HTTPFields.Element.Name("Quill-Unreadable-Notes")!

    /// The header to add to the response (none when nothing was left out), after logging and counting.
    static func headers(_ unreadable: [UnreadableNote], logger: Logger, metrics: ServerMetrics) -> HTTPFields {
        guard !unreadable.isEmpty else { return [:] }
        for note in unreadable {
            logger.error("left out a stored note that cannot be read", metadata: ["note": "\(note.id)", "reason": "\(note.reason)"])
        }
        metrics.recordUnreadableNotes(unreadable.count)
        // Only IDs that are note IDs (lowercase hexadecimal) go into a header; anything else is in the log.
        return [header: unreadable.map { NoteID($0.id)?.rawValue ?? "?" }.joined(separator: ", ")]
    }
}
