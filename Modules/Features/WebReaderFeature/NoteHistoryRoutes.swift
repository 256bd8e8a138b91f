import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// `/notes/{id}/history`, its restore form, and `/trash` (docs/history.md, docs/web.md).
///
/// The History page lists every revision with its origin and time, shows the diff between any
/// two (a GET form: `?from=N&to=M`, by default the previous revision and the current one), and
/// restores one with a CSRF-protected form that carries the revision it was made from, so that
/// a restore over a change made meanwhile is refused (409) instead of silently replacing it.
extension WebRoutes {
    func history(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let id = try noteID(context)
        let revisions = try await noteHistory.revisions(of: id, account: signedIn.account.id)
        let current = revisions[0]
        let query = FormFields.query(request)
        let newer = try pick(query["to"], in: revisions) ?? current
        let older = try pick(query["from"], in: revisions) ?? (revisions.count > 1 ? revisions[1] : current)
        let diff = RevisionComparison.diff(from: older, to: newer)
        let changes = RevisionComparison.summaries(revisions)
        let rows: [[String: Any]] = revisions.indices.map { index in
            let revision = revisions[index]
            return [
                "number": revision.number, "origin": revision.label, "title": revision.note.title,
                "updated": WebPages.displayed(revision.note.updated), "updatedISO": WebPages.iso(revision.note.updated),
                "change": changes[index],
                "isCurrent": index == 0, "isFrom": revision.number == older.number, "isTo": revision.number == newer.number,
            ]
        }
        let values: [String: Any] = [
            "id": id.rawValue, "title": current.note.title, "deleted": current.note.isDeleted, "revision": current.number,
            "revisions": rows, "restorable": Array(rows.dropFirst()), "hasRestorable": rows.count > 1, "from": older.number, "to": newer.number,
            "diffLines": diff.lines.dropFirst(2).map { ["kind": "\($0.kind)", "text": $0.text] }, "same": diff.lines.isEmpty,
        ]
        return pages.page("history", title: "History of \(current.note.title)", values: values, signedIn: signedIn)
    }

    func restore(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let form = try await FormFields.body(request)
        try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
        let id = try noteID(context)
        guard let current = form["current"].flatMap(Int.init) else {
            throw WebPageError(status: .badRequest, message: "The form lacks the note's current revision.")
        }
        var revision: Int?
        if let text = form["revision"], !text.isEmpty {
            guard let number = Int(text), number >= 1 else { throw WebPageError(status: .badRequest, message: "“\(text)” is not a revision.") }
            revision = number
        }
        do {
            _ = try await noteHistory.restore(id, revision: revision, replacing: .exactly(current), account: signedIn.account.id,
                                              at: dependencies.server.clock.now())
        } catch ServerStoreError.revisionMismatch {
            throw WebPageError(status: .conflict, message: "The note changed since you opened its history, so nothing was restored. Open it again to see the change.")
        } catch let refused as APIError {
            throw WebPageError(status: refused.status, message: "Nothing was restored: \(refused.message).")
        }
        return WebPages.redirect("/notes/\(id.rawValue)")
    }

    func trash(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        var after: NoteID?
        if let text = FormFields.query(request)["after"], !text.isEmpty {
            guard let id = NoteID(text) else { throw WebPageError(status: .badRequest, message: "“\(text)” is not a note ID.") }
            after = id
        }
        let page = try await dependencies.server.notes.deletedNotes(account: signedIn.account.id, after: after,
                                                                    limit: dependencies.settings.pageSize)
        var values: [String: Any] = [
            "notes": page.notes.map { note -> [String: Any] in
                ["id": note.id.rawValue, "title": note.title, "revision": note.revision,
                 "deleted": WebPages.displayed(note.updated), "deletedISO": WebPages.iso(note.updated)]
            },
            "empty": page.notes.isEmpty,
        ]
        if page.hasMore, let last = page.last { values["next"] = "/trash?after=\(last.rawValue)" }
        return pages.page("trash", title: "Trash", values: values, signedIn: signedIn)
    }

    private var noteHistory: NoteHistory { NoteHistory(repository: dependencies.server.notes) }

    private func noteID(_ context: ServerRequestContext) throws -> NoteID {
        guard let text = context.parameters.get("id"), let id = NoteID(text) else {
            throw WebPageError(status: .notFound, message: "There is no such note.")
        }
        return id
    }

    /// The revision a query parameter names; `nil` if it names none.
    private func pick(_ text: String?, in revisions: [NoteRevision]) throws -> NoteRevision? {
        guard let text, !text.isEmpty else { return nil }
        guard let number = Int(text), let found = revisions.first(where: { $0.number == number }) else {
            throw WebPageError(status: .notFound, message: "This note has no revision “\(text)”.")
        }
        return found
    }
}
