import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// A note's history and the trash (docs/history.md): `GET /v1/notes/{id}/revisions`,
/// `GET /v1/notes/{id}/revisions/{revision}`, `POST /v1/notes/{id}/restore` and `GET /v1/trash`.
///
/// Unlike `GET /v1/notes/{id}`, these answer for deleted notes too: that is how a deleted note
/// is found and brought back.
struct NoteHistoryRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.listRevisions) { request, context in try await revisions(request, context) }
        group.on(.getRevision) { request, context in try await revision(request, context) }
        group.on(.restoreNote) { request, context in try await restore(request, context) }
        group.on(.listTrash) { request, context in try await trash(request, context) }
    }

    func revisions(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let history = try await NoteHistory(repository: dependencies.notes).revisions(of: id, account: account.id)
        return try JSONBody.response(RevisionListBody(revisions: history.map(RevisionSummaryBody.init)),
                                     headers: RequestInput.eTag(revision: history[0].number))
    }

    func revision(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let text = context.parameters.get("revision") ?? ""
        guard let number = Int(text), number >= 1, String(number) == text else {
            throw APIError.badRequest("revision: '\(text)' is not a revision number (1 or more)")
        }
        let found = try await NoteHistory(repository: dependencies.notes).revision(number, of: id, account: account.id)
        return try JSONBody.response(RevisionBody(found))
    }

    func restore(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let replacing = try RequestInput.replacedRevision(request, required: false)
        let body = try await RequestInput.decode(RestoreBody.self, from: request)
        let restored = try await NoteHistory(repository: dependencies.notes)
            .restore(id, revision: body.revision, replacing: replacing, account: account.id, at: dependencies.clock.now())
        return JSONBody.written(NoteDocument(restored), headers: RequestInput.eTag(restored))
    }

    func trash(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = RequestInput.formQuery(request)
        let limit = try RequestInput.limit(query, default: NoteRoutes.defaultPageSize, maximum: NoteRoutes.maximumPageSize)
        var after: NoteID?
        if let text = query.get("after") {
            guard let id = NoteID(text) else { throw APIError.badRequest("after: '\(text)' is not a note ID") }
            after = id
        }
        let page = try await dependencies.notes.deletedNotes(account: account.id, after: after, limit: limit)
        let headers = UnreadableNotesReport.headers(page.unreadable, logger: context.logger, metrics: dependencies.metrics)
        return JSONBody.written(NoteListBody(notes: page.notes.map(NoteDocument.init), next: page.hasMore ? page.last : nil), headers: headers)
    }
}
