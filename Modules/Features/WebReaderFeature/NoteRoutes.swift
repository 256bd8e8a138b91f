import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// `/notes/{id}`: one note, and its confirmation page before deleting; `/export`.
extension WebRoutes {
    func show(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let note = try await liveNote(context, signedIn)
        let links = dependencies.server.links
        var values = WebPages.values(of: note, links: try await links.links(from: note.id, account: signedIn.account.id))
        var seen: Set<String> = []
        let backlinks = try await links.backlinks(to: note.id, account: signedIn.account.id)
            .filter { seen.insert("\($0.source) \($0.link.line)").inserted }
            .map { ["sourceID": $0.source.rawValue, "sourceTitle": $0.sourceTitle, "context": $0.link.context] }
        values["hasBacklinks"] = !backlinks.isEmpty
        values["backlinks"] = backlinks
        return pages.page("note", title: note.title, values: values, signedIn: signedIn)
    }

    func deleteForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let note = try await liveNote(context, signedIn)
        return pages.page("delete", title: "Delete \(note.title)", values: WebPages.values(of: note), signedIn: signedIn)
    }

    func delete(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let form = try await FormFields.body(request)
        try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
        let note = try await liveNote(context, signedIn)
        guard let revision = form["revision"].flatMap(Int.init) else {
            throw WebPageError(status: .badRequest, message: "The form lacks the note's revision.")
        }
        do {
            _ = try await dependencies.server.notes.delete(note.id, account: signedIn.account.id, ifRevision: revision,
                                                           at: dependencies.server.clock.now(), origin: .web)
        } catch ServerStoreError.revisionMismatch {
            throw WebPageError(status: .conflict, message: "“\(note.title)” changed since you opened it, so it was not deleted. Open it again to see the change.")
        }
        return WebPages.redirect("/")
    }

    func export(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        var response = try await AccountExport.response(account: signedIn.account.id, includesHistory: false, dependencies: dependencies.server,
                                                        logger: context.logger)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The note of the path's `{id}` in the signed-in account; 404 for another account's, a
    /// deleted one, or none.
    func liveNote(_ context: ServerRequestContext, _ signedIn: SignedIn) async throws -> Note {
        guard let text = context.parameters.get("id"), let id = NoteID(text),
              let note = try await dependencies.server.notes.note(id, account: signedIn.account.id), !note.isDeleted
        else { throw WebPageError(status: .notFound, message: "There is no such note.") }
        return note
    }
}
