import Mustache
import QuillModels
import ServerStoreInterface

/// Each note's row of the notes page (`noteRow` template), rendered once per revision and kept,
/// so that a page joins 50 ready rows instead of rendering 50 `[String: Any]` contexts with
/// their escaping, dates and tag links on every request (issue 18: that was most of `GET /`).
///
/// A row is keyed by account and note and kept with the revision it shows; a note at another
/// revision renders again and replaces it. At most `capacity` rows are kept: past it, the
/// rows are dropped and rendered again as pages ask for them.
actor NoteRows {
    private struct Key: Hashable {
        let account: AccountID
        let note: NoteID
    }

    private struct Row {
        let revision: Int
        let html: String
    }

    private let library: MustacheLibrary
    private let capacity: Int
    private var rows: [Key: Row] = [:]

    init(library: MustacheLibrary, capacity: Int = 100_000) {
        self.library = library
        self.capacity = capacity
    }

    /// The rows of `notes`, in order, as one piece of HTML.
    func html(of notes: [NoteSummary], account: AccountID) -> String {
        var html = ""
        for note in notes {
            let key = Key(account: account, note: note.id)
            if let row = rows[key], row.revision == note.revision {
                html += row.html
                continue
            }
            let rendered = library.render(Self.values(of: note), withTemplate: "noteRow") ?? ""
            if rows.count >= capacity { rows.removeAll(keepingCapacity: true) }
            rows[key] = Row(revision: note.revision, html: rendered)
            html += rendered
        }
        return html
    }

    private static func values(of note: NoteSummary) -> [String: Any] {
        ["id": note.id.rawValue, "title": note.title, "updated": WebPages.displayed(note.updated),
         "updatedISO": WebPages.iso(note.updated), "tags": WebPages.tagValues(note.tags)]
    }
}
