import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Links over HTTP (docs/links.md): `GET /v1/notes/{id}/links` (the note's links, in order,
/// each with the note it reaches or `null`), `GET /v1/notes/{id}/backlinks` (the links in other
/// notes that reach it) and `GET /v1/links/broken` (the account's broken links, paged by
/// `after`, the `next` of the page before).
struct LinkRoutes {
    let dependencies: ServerDependencies

    static let defaultPageSize = 100
    static let maximumPageSize = 1000

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.listNoteLinks) { request, context in try await links(context, backlinks: false) }
        group.on(.listNoteBacklinks) { request, context in try await links(context, backlinks: true) }
        group.on(.listBrokenLinks) { request, context in try await broken(request, context) }
    }

    func links(_ context: ServerRequestContext, backlinks: Bool) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        guard let note = try await dependencies.notes.note(id, account: account.id), !note.isDeleted else {
            throw APIError.notFound("no note with ID \(id)")
        }
        let links = backlinks ? try await dependencies.links.backlinks(to: id, account: account.id)
            : try await dependencies.links.links(from: id, account: account.id)
        return try JSONBody.response(LinkListBody(links: links.map(LinkDocument.init)))
    }

    func broken(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = RequestInput.formQuery(request)
        let limit = try RequestInput.limit(query, default: Self.defaultPageSize, maximum: Self.maximumPageSize)
        var after: LinkPosition?
        if let text = query.get("after") {
            guard let position = LinkPosition(text) else {
                throw APIError.badRequest("after: '\(text)' is not a link position (the 'next' of the page before)")
            }
            after = position
        }
        let page = try await dependencies.links.brokenLinks(account: account.id, after: after, limit: limit)
        return try JSONBody.response(LinkPageBody(links: page.links.map { LinkDocument($0.link) }, next: page.next?.description))
    }
}
