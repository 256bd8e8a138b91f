import Foundation
import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Published sites over HTTP (docs/sharing.md): `POST /v1/sites` puts every note with a tag on
/// the web at `/p/<slug>/`, `GET /v1/sites` lists the account's, `DELETE /v1/sites/{slug}` takes
/// one down. Publishing writes, so a read-only token is refused (`TokenScopeRule`).
struct SiteRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.createSite) { request, context in try await create(request, context) }
        group.on(.listSites) { _, context in try await list(context) }
        group.on(.unpublishSite) { _, context in try await remove(context) }
    }

    func create(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let terms = try await RequestInput.decode(NewSiteBody.self, from: request)
        guard ShareRules.isValidSlug(terms.slug) else {
            throw APIError.badRequest("slug: '\(terms.slug)' must be 1 to 64 of a-z, 0-9 and '-', not starting or ending with '-'")
        }
        let tag: Tag
        do { tag = try Tag(terms.tag) } catch { throw APIError.badRequest("tag: \(error.description)") }
        let title: String
        do { title = try NoteValidation.title(terms.title ?? tag.rawValue) } catch { throw APIError.badRequest("title: \(error.description)") }
        let site = PublishedSite(slug: terms.slug, account: account.id, tag: tag, title: title, created: dependencies.clock.now())
        guard try await dependencies.sites.createSite(site) else {
            throw APIError(.conflict, code: "slug_taken", message: "the slug '\(site.slug)' is taken on this server; choose another")
        }
        return try JSONBody.response(Self.body(site), status: .created)
    }

    func list(_ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try JSONBody.response(SiteListBody(sites: try await dependencies.sites.sites(account: account.id).map(Self.body)))
    }

    func remove(_ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let slug = context.parameters.get("slug") ?? ""
        guard try await dependencies.sites.deleteSite(slug: slug, account: account.id) else {
            throw APIError.notFound("no site at '\(slug)' in this account")
        }
        return Response(status: .noContent)
    }

    static func body(_ site: PublishedSite) -> SiteBody {
        SiteBody(slug: site.slug, tag: site.tag.rawValue, title: site.title, path: ShareRules.path(of: site), created: Timestamp(site.created))
    }
}
