import Foundation
import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// `/notes/new` and `/notes/{id}/edit`: the forms and what they send.
///
/// An edit carries the revision it started from; when the note has changed since, nothing is
/// written and the person sees both versions (409), their text kept in the form.
extension WebRoutes {
    /// What a note form sent.
    struct NoteForm {
        let title: String
        /// The body typed, with references to the files the form brought after it.
        var body: String
        let tags: String

        init(_ form: FormFields) {
            title = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            body = (form["body"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            tags = form["tags"] ?? ""
        }

        var values: [String: Any] { WebPages.formValues(title: title, body: body, tags: tags) }

        /// The tags typed, separated by spaces or commas.
        func parsedTags() throws(NoteValidationError) -> [Tag] {
            try Tag.normalize(tags.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init))
        }
    }

    func newForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        // A broken link leads here with the title it names.
        let title = FormFields.query(request)["title"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var values = WebPages.formValues(title: title, body: "", tags: "")
        values.merge(["action": "/notes/new", "submit": "Create note", "cancel": "/"]) { $1 }
        return pages.page("new", title: "New note", values: values, signedIn: signedIn)
    }

    func create(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let sent = try await readNoteForm(request, signedIn).note
        let now = dependencies.server.clock.now()
        let note: Note
        do {
            note = try Note(id: dependencies.server.ids.next(), title: sent.title, body: sent.body, tags: sent.parsedTags(),
                            created: now, updated: now)
        } catch {
            var values = sent.values
            values.merge(["action": "/notes/new", "submit": "Create note", "cancel": "/"]) { $1 }
            return pages.page("new", title: "New note", values: values, signedIn: signedIn, status: .badRequest,
                              error: Self.message(error))
        }
        let created = try await dependencies.server.notes.create(note, account: signedIn.account.id)
        return WebPages.redirect("/notes/\(created.id)")
    }

    func editForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let note = try await liveNote(context, signedIn)
        var values = WebPages.values(of: note)
        values.merge(WebPages.formValues(title: note.title, body: note.body, tags: Tag.joined(note.tags))) { $1 }
        values.merge(editFormValues(note)) { $1 }
        return pages.page("edit", title: "Edit \(note.title)", values: values, signedIn: signedIn)
    }

    func edit(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let current = try await liveNote(context, signedIn)
        let form = try await readNoteForm(request, signedIn)
        let sent = form.note
        guard let revision = form.fields["revision"].flatMap(Int.init) else {
            throw WebPageError(status: .badRequest, message: "The form lacks the note's revision.")
        }
        let body = try await keepingLinks(to: current, renamedTo: sent.title, body: sent.body, account: signedIn.account.id)
        let next: Note
        do {
            next = try current.revised(title: sent.title, body: body, tags: sent.parsedTags(), at: dependencies.server.clock.now())
        } catch {
            var values = WebPages.values(of: current)
            values.merge(sent.values) { $1 }
            values.merge(editFormValues(current)) { $1 }
            return pages.page("edit", title: "Edit \(current.title)", values: values, signedIn: signedIn, status: .badRequest,
                              error: Self.message(error))
        }
        guard !next.hasSameContent(as: current) else { return WebPages.redirect("/notes/\(current.id)") }
        do {
            // A form read from an older revision is merged with the note as it is now when the
            // edits touch different lines; else the page shows both versions.
            _ = try await MergingWrite(repository: dependencies.server.notes).replace(next, read: revision, over: current,
                                                                                     account: signedIn.account.id, origin: .web)
        } catch ServerStoreError.revisionMismatch {
            return conflict(try await liveNote(context, signedIn), sent: sent, signedIn: signedIn)
        }
        return WebPages.redirect("/notes/\(current.id)")
    }

    /// `body`, with the old title kept as an alias when the title changes and links reach the note
    /// by it, as `quill edit` does (docs/links.md), so that a rename breaks no link.
    private func keepingLinks(to note: Note, renamedTo title: String, body: String, account: AccountID) async throws -> String {
        let old = LinkName.folded(note.title)
        guard LinkName.folded(title) != old else { return body }
        let reaching = try await dependencies.server.links.backlinks(to: note.id, account: account)
            .contains { $0.link.foldedTarget == old && $0.resolution.chosen?.match == .title }
        return reaching ? NoteAliases.adding(note.title, to: body) : body
    }

    /// Both versions: the server's as it is now, and the person's text in a form at the server's revision.
    private func conflict(_ current: Note, sent: NoteForm, signedIn: SignedIn) -> Response {
        var values = WebPages.values(of: current)
        values.merge(sent.values) { $1 }
        values.merge(editFormValues(current)) { $1 }
        return pages.page("conflict", title: "Changed meanwhile: \(current.title)", values: values, signedIn: signedIn, status: .conflict,
                          error: "This note changed since you opened it. Nothing was saved.")
    }

    private func editFormValues(_ note: Note) -> [String: Any] {
        ["action": "/notes/\(note.id)/edit", "submit": "Save", "cancel": "/notes/\(note.id)", "revision": note.revision]
    }

    /// A refused note, said for the person: which field and why.
    static func message(_ error: NoteValidationError) -> String {
        let field = switch error {
        case .emptyTitle, .titleTooLong, .titleHasLineBreak: "Title"
        case .bodyTooLarge: "Body"
        case .emptyTag, .tagContainsSpace, .tagTooLong, .tooManyTags: "Tags"
        case .invalidRevision: "Revision"
        case .dateOutOfRange: "Dates"
        }
        return "\(field): \(error.description)"
    }
}
