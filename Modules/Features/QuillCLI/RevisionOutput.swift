import Foundation
import QuillModels

/// How revisions are printed by `history`, `diff` and `trash`: aligned lines for people, stable
/// JSON for scripts (docs/cli.md).
enum RevisionOutput {
    /// One history line: number, time, origin, title, size, and `change` (what it changed).
    static func line(_ revision: NoteRevision, change: String, style: NoteStyle) -> String {
        let number = String(revision.number)
        let padded = String(repeating: " ", count: max(0, 5 - number.count)) + number
        let origin = RevisionOutput.padded(revision.label, to: 12)
        return style.id(padded) + "  " + style.minutes(revision.note.updated) + "  " + origin + "  " + revision.note.title
            + "  " + ByteCount.text(Int64(revision.note.body.utf8.count)) + "  " + change + "\n"
    }

    /// `text` followed by spaces up to `width` characters.
    static func padded(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// The JSON shape of a history (`history --json`), newest first.
    static func json(_ revisions: [NoteRevision]) throws -> String {
        let documents = zip(revisions, RevisionComparison.summaries(revisions)).map(RevisionDocument.init)
        return try NoteOutput.encode(documents)
    }

    /// The JSON shape of the trash (`trash --json`).
    static func json(trash: [NoteRevision]) throws -> String {
        try NoteOutput.encode(trash.map { RevisionDocument($0, change: "deleted") })
    }

    /// The diff, coloured as `git diff` colours it when `style` is coloured.
    static func diff(_ diff: UnifiedDiff, style: NoteStyle) -> String {
        diff.lines.map { line in
            let code = switch line.kind {
            case .header: "1"
            case .hunk: "36"
            case .removed: "31"
            case .added: "32"
            case .context, .noNewline: ""
            }
            return (style.colored && !code.isEmpty ? "\u{1B}[\(code)m\(line.text)\u{1B}[0m" : line.text) + "\n"
        }.joined()
    }
}

/// One revision in `history --json` and `trash --json`.
struct RevisionDocument: Encodable {
    let id: NoteID
    let revision: Int
    let updated: Timestamp
    let origin: String
    let title: String
    let tags: [Tag]
    let deleted: Bool
    let bytes: Int
    let change: String
    /// For a merge, the revision both merged edits started from; absent otherwise.
    let mergeAncestor: Int?

    init(_ revision: NoteRevision, change: String) {
        id = revision.note.id
        self.revision = revision.number
        updated = Timestamp(revision.note.updated)
        origin = revision.origin.description
        title = revision.note.title
        tags = revision.note.tags
        deleted = revision.note.isDeleted
        bytes = revision.note.body.utf8.count
        self.change = change
        mergeAncestor = revision.mergeAncestor
    }
}
