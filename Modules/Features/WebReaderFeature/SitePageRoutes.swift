import Foundation
import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// The pages of a published site (docs/sharing.md), for anyone and for search engines:
/// `/p/{slug}/` (the index, newest first, paged by `?page=N`), `/p/{slug}/{id}` (a note),
/// `/p/{slug}/{id}/attachments/{sha256}/{name}`, `/p/{slug}/feed.xml` (Atom) and
/// `/p/{slug}/sitemap.xml`. Which notes are on it is `ShareRules`'s to say, read through
/// `PublishedIndex`; every answer carries an `ETag` of the account's change cursor and may be
/// cached briefly (`ShareRules.siteCacheControl`).
struct SitePageRoutes: Sendable {
    let dependencies: WebReaderDependencies
    let pages: WebPages
    let index: PublishedIndex
    let rendered: RenderedPageCache

    static func register(on router: Router<ServerRequestContext>, _ dependencies: WebReaderDependencies, pages: WebPages,
                         rendered: RenderedPageCache) {
        let routes = SitePageRoutes(dependencies: dependencies, pages: pages, index: PublishedIndex(), rendered: rendered)
        let group = router.group("p").add(middleware: SharedPageMiddleware(pages: pages, indexable: true))
        for method in [HTTPRequest.Method.get, .head] {
            group.on(":slug", method: method) { request, context in try await routes.indexPage(request, context) }
            group.on(":slug/feed.xml", method: method) { request, context in try await routes.feed(request, context) }
            group.on(":slug/sitemap.xml", method: method) { request, context in try await routes.sitemap(request, context) }
            group.on(":slug/:id", method: method) { request, context in try await routes.notePage(request, context) }
            group.on(":slug/:id/attachments/:sha256/:name", method: method) { request, context in try await routes.attachment(request, context) }
        }
    }

    private var server: ServerDependencies { dependencies.server }

    func indexPage(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (site, listing) = try await found(context)
        let size = ShareRules.sitePageSize
        // Any page past the last is the same 404; a number that big must not overflow counting to it.
        let page = min(max(1, FormFields.query(request)["page"].flatMap(Int.init) ?? 1), listing.entries.count / size + 2)
        let shown = listing.entries.dropFirst((page - 1) * size).prefix(size)
        guard page == 1 || !shown.isEmpty else { throw SharedPageRefusal(response: gone(.notFound)) }
        return try await respond(request, site, listing, part: "i\(page)") {
            var values: [String: Any] = [
                "siteTitle": site.title, "feed": ShareRules.path(of: site) + "feed.xml", "empty": listing.entries.isEmpty,
                "notes": shown.map { ["path": ShareRules.path(of: $0.id, on: site), "title": $0.title, "updated": WebPages.displayed($0.updated),
                                      "updatedISO": WebPages.iso($0.updated)] },
            ]
            if page > 1 { values["newer"] = ShareRules.path(of: site) + (page == 2 ? "" : "?page=\(page - 1)") }
            if listing.entries.count > page * size { values["older"] = ShareRules.path(of: site) + "?page=\(page + 1)" }
            return pages.rendered("siteIndex", title: site.title, values: values, signedIn: nil)
        }
    }

    func notePage(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (site, listing) = try await found(context)
        guard let id = context.parameters.get("id").flatMap(NoteID.init), listing.ids.contains(id) else {
            throw SharedPageRefusal(response: gone(.gone))
        }
        return try await respond(request, site, listing, part: "n" + id.rawValue) {
            let note = try await publishedNote(id, site)
            let links = NoteLink.scanLocated(note.body).isEmpty ? [] : try await server.links.links(from: note.id, account: site.account)
            let html = MarkdownRenderer.sharedHTML(note.body, links: links, attachmentBase: ShareRules.path(of: note.id, on: site) + "/") {
                ShareRules.destination(of: $0, on: site, published: listing.ids)
            }
            return pages.rendered("siteNote", title: note.title, values: [
                "siteTitle": site.title, "sitePath": ShareRules.path(of: site), "feed": ShareRules.path(of: site) + "feed.xml",
                "title": note.title, "updated": WebPages.displayed(note.updated), "updatedISO": WebPages.iso(note.updated), "bodyHTML": html,
            ], signedIn: nil)
        }
    }

    func feed(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (site, listing) = try await found(context)
        let origin = RequestOrigin.base(request, context, trustedProxies: dependencies.server.trustedProxies)
        return try await respond(request, site, listing, part: "f " + origin, type: "application/atom+xml; charset=utf-8") {
            var items: [SiteFeed.Item] = []
            for entry in listing.entries.prefix(ShareRules.sitePageSize) {
                guard let note = try await server.notes.note(entry.id, account: site.account), ShareRules.isPublished(note, on: site) else { continue }
                // A feed reader shows each entry alone: links between notes are their text there.
                items.append(SiteFeed.Item(entry: entry, html: MarkdownRenderer.sharedHTML(
                    note.body, links: [], attachmentBase: ShareRules.path(of: note.id, on: site) + "/") { _ in nil }))
            }
            return SiteFeed.atom(site: site, items: items, origin: origin)
        }
    }

    func sitemap(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (site, listing) = try await found(context)
        let origin = RequestOrigin.base(request, context, trustedProxies: dependencies.server.trustedProxies)
        return try await respond(request, site, listing, part: "m " + origin, type: "application/xml; charset=utf-8") {
            SiteFeed.sitemap(site: site, entries: listing.entries, origin: origin)
        }
    }

    func attachment(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (site, listing) = try await found(context)
        guard let id = context.parameters.get("id").flatMap(NoteID.init), listing.ids.contains(id) else {
            throw SharedPageRefusal(response: gone(.gone))
        }
        let note = try await publishedNote(id, site)
        guard let hash = context.parameters.get("sha256").flatMap(AttachmentHash.init), ShareRules.mayServe(hash, of: note),
              let name = context.parameters.get("name"),
              let state = try await server.attachments.attachment(hash, account: site.account), state.isComplete
        else { throw SharedPageRefusal(response: gone(.gone)) }
        var response = SharedAttachment.response(hash, name: name, size: state.received, account: site.account, server: server,
                                                 context: context, head: request.method == .head, stillAllowed: nil)
        response.headers[.cacheControl] = ShareRules.siteCacheControl
        return response
    }

    /// The site of the path's slug and its notes; the not-found page for no site.
    private func found(_ context: ServerRequestContext) async throws -> (PublishedSite, PublishedIndex.Listing) {
        guard let slug = context.parameters.get("slug"), ShareRules.isValidSlug(slug), let site = try await server.sites.site(slug: slug) else {
            throw SharedPageRefusal(response: gone(.notFound))
        }
        return (site, try await index.listing(of: site, notes: server.notes))
    }

    /// The note `id` of the listing, read: `410` if it left the site since (the listing is of a
    /// moment), as for any ID not on it, so that the answer says nothing of the account's other notes.
    private func publishedNote(_ id: NoteID, _ site: PublishedSite) async throws -> Note {
        guard let note = try await server.notes.note(id, account: site.account), ShareRules.isPublished(note, on: site) else {
            throw SharedPageRefusal(response: gone(.gone))
        }
        return note
    }

    /// The page `make` renders, with the listing's `ETag` (the account's change cursor and the
    /// page), or `304 Not Modified` when the client holds that one already. A page rendered once
    /// is kept (`RenderedPageCache`) under the site, the cursor and `part`: everything it is made of.
    private func respond(_ request: Request, _ site: PublishedSite, _ listing: PublishedIndex.Listing, part: String,
                         type: String = "text/html; charset=utf-8", make: () async throws -> String) async throws -> Response {
        let etag = "\"\(listing.cursor.sequence)-\(part.prefix { $0 != " " })\""
        let headers: HTTPFields = [.eTag: etag, .cacheControl: ShareRules.siteCacheControl, .contentType: type]
        if let held = request.headers[.ifNoneMatch], held.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return Response(status: .notModified, headers: headers)
        }
        let key = "p|\(site.slug)|\(site.created.millisecondsSince1970)|\(listing.cursor.sequence)|\(part)"
        let body: String
        if let kept = await rendered.kept(key) {
            body = kept
        } else {
            body = try await make()
            await rendered.keep(body, under: key)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    private func gone(_ status: HTTPResponse.Status) -> Response {
        pages.page("sharedGone", title: "Page not available", values: [:], signedIn: nil, status: status)
    }

}
