import Hummingbird
import QuillAPI
import QuillModels

/// `/v1/notes`: list, search (`?q=`), get, create, replace, patch and delete one account's notes
/// (writes in NoteWriteRoutes.swift).
struct NoteRoutes {
    static let defaultPageSize = 500
    static let maximumPageSize = 1000

    let dependencies: ServerDependencies
    var live: LiveNotes { LiveNotes(repository: dependencies.notes) }

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.listNotes) { request, context in try await list(request, context) }
        group.on(.createNote) { request, context in try await create(request, context) }
        group.on(.getNote) { request, context in try await read(request, context) }
        group.on(.replaceNote) { request, context in try await replace(request, context) }
        group.on(.patchNote) { request, context in try await patch(request, context) }
        group.on(.deleteNote) { request, context in try await delete(request, context) }
    }

    func list(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = RequestInput.formQuery(request)
        let limit = try RequestInput.limit(query, default: Self.defaultPageSize, maximum: Self.maximumPageSize)
        var after: NoteID?
        if let text = query.get("after") {
            guard let id = NoteID(text) else { throw APIError.badRequest("after: '\(text)' is not a note ID") }
            after = id
        }
        let tag = try RequestInput.tagFilter(query)
        let page = if let search = try RequestInput.searchQuery(query) {
            try await dependencies.notes.search(search, account: account.id, tagged: tag, after: after, limit: limit)
        } else {
            try await dependencies.notes.notes(account: account.id, tagged: tag, after: after, limit: limit)
        }
        let headers = UnreadableNotesReport.headers(page.unreadable, logger: context.logger, metrics: dependencies.metrics)
        return JSONBody.written(NoteListBody(notes: page.notes.map(NoteDocument.init), next: page.hasMore ? page.last : nil), headers: headers)
    }

    func read(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        switch try await live.read(id, account: account.id) {
        case .encoded(let encoded):
            return JSONBody.encoded(encoded.json, headers: RequestInput.eTag(revision: encoded.revision))
        case .note(let note):
            return JSONBody.written(NoteDocument(note), headers: RequestInput.eTag(note))
        }
    }

    func delete(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let replaced = try RequestInput.replacedRevision(request, required: true)
        let tombstone = try await live.delete(id, account: account.id, replacing: replaced, at: dependencies.clock.now())
        return JSONBody.written(NoteDocument(tombstone), headers: RequestInput.eTag(tombstone))
    }
}
