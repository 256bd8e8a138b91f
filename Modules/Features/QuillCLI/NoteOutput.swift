import Foundation
import NoteStoreInterface
import QuillModels

/// How notes are printed: one aligned line per note for people, stable JSON for scripts.
enum NoteOutput {
    static func line(_ summary: NoteSummary, style: NoteStyle) -> String {
        let tags = summary.tags.isEmpty ? "" : "  " + style.tags(summary.tags.map { "#\($0)" }.joined(separator: " "))
        return style.id(summary.id.short) + "  " + style.minutes(summary.updated) + "  " + summary.title + tags + "\n"
    }

    /// The note for people; `body` replaces its body as shown (with its links marked, say).
    static func details(_ note: Note, style: NoteStyle, body shownBody: String? = nil) -> String {
        let body = shownBody ?? note.body
        var text = "\(style.title(note.title))\n"
        text += "id:       \(style.id(note.id.description))\n"
        if !note.tags.isEmpty { text += "tags:     \(style.tags(note.tags.map { "#\($0)" }.joined(separator: " ")))\n" }
        text += "created:  \(style.timestamp(note.created))\n"
        text += "updated:  \(style.timestamp(note.updated))  (revision \(note.revision))\n"
        if note.isDeleted { text += "deleted:  in this revision (see 'quill restore')\n" }
        if !body.isEmpty { text += "\n" + body + (body.hasSuffix("\n") ? "" : "\n") }
        return text
    }

    static func json(_ listing: NoteListing) -> String {
        SummaryListJSON.write(listing.notes)
    }

    static func warnings(_ listing: NoteListing, to environment: CLIEnvironment) {
        for problem in listing.problems {
            environment.console.writeError("quill: warning: skipped unreadable note \(problem)\n")
        }
        if listing.problems.contains(where: { $0.note != nil }) {
            environment.console.writeError("hint: 'quill repair' sets a damaged note aside (its file is kept) and takes the server's copy in its place\n")
        }
    }

    /// Pretty JSON in the one form `--json` output takes (sorted keys, dates as written).
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = NoteJSON.encoder
        encoder.outputFormatting.insert(.prettyPrinted)
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
