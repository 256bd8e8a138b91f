import Foundation
import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// The pages anyone with a share link may open (docs/sharing.md): `/s/{token}` (the note, or for
/// a view-limited share a button that shows it), `POST /s/{token}` (the button), and
/// `/s/{token}/attachments/{sha256}/{name}` (only the shown note's own). What a share allows is
/// `ShareRules`'s to say; these handlers only ask it and write the answer.
struct SharedPageRoutes: Sendable {
    let dependencies: WebReaderDependencies
    let pages: WebPages
    let guesses: GuessLimiter
    let rendered: RenderedPageCache
    let views: ShareViewTally

    static func register(on router: Router<ServerRequestContext>, _ dependencies: WebReaderDependencies, pages: WebPages,
                         rendered: RenderedPageCache) {
        let routes = SharedPageRoutes(dependencies: dependencies, pages: pages, guesses: GuessLimiter(), rendered: rendered,
                                      views: ShareViewTally(store: dependencies.server.shares))
        let group = router.group("s").add(middleware: SharedPageMiddleware(pages: pages))
        group.get(":token") { request, context in try await routes.page(request, context) }
        group.head(":token") { request, context in try await routes.page(request, context) }
        group.post(":token") { request, context in try await routes.view(request, context) }
        group.get(":token/attachments/:sha256/:name") { request, context in try await routes.attachment(request, context) }
        group.head(":token/attachments/:sha256/:name") { request, context in try await routes.attachment(request, context) }
    }

    private var server: ServerDependencies { dependencies.server }
    private var lookup: SharedNoteLookup { SharedNoteLookup(shares: server.shares, notes: server.notes) }

    func page(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (share, note) = try await found(request, context)
        if ShareRules.asksBeforeShowing(share) {
            let remaining = max(0, (share.viewLimit ?? 0) - share.views)
            return pages.page("sharedAsk", title: "A shared note", values: [
                "path": ShareRules.path(of: share), "viewToken": ShareRules.viewFormToken(for: share, hasher: server.hasher),
                "remaining": remaining, "times": Counted.noun("time", count: remaining),
            ], signedIn: nil)
        }
        if ShareRules.countsAsView(method: request.method.rawValue, userAgent: request.headers[.userAgent]) {
            await views.count(share.id)
        }
        return try await shown(share, note)
    }

    /// The button of a view-limited page: counts the view, if one is left, and shows the note.
    func view(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (share, note) = try await found(request, context)
        guard ShareRules.asksBeforeShowing(share) else { return try await shown(share, note) }
        let form = try await FormFields.body(request)
        guard form["view"] == ShareRules.viewFormToken(for: share, hasher: server.hasher) else {
            throw WebPageError(status: .forbidden, message: "This form did not come from the shared page. Open the link again.")
        }
        guard try await server.shares.recordView(of: share.id, below: share.viewLimit) else { return gone(.gone) }
        return try await shown(share, note)
    }

    func attachment(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let secret = context.parameters.get("token") ?? ""
        let query = request.uri.queryParameters
        let now = server.clock.now()
        let granted = query.get("until").flatMap(Int64.init).map { until in
            ShareRules.grantHolds(secret: secret, until: until, grant: query.get("grant") ?? "", at: now, hasher: server.hasher)
        } ?? false
        let (share, note) = try await found(request, context, acceptingUsedUp: granted)
        guard let hash = context.parameters.get("sha256").flatMap(AttachmentHash.init), ShareRules.mayServe(hash, of: note),
              let name = context.parameters.get("name"),
              let state = try await server.attachments.attachment(hash, account: share.account), state.isComplete
        else { return gone(.notFound) }
        let (shares, id) = (server.shares, share.id)
        return SharedAttachment.response(hash, name: name, size: state.received, account: share.account, server: server, context: context,
                                         head: request.method == .head) {
            // A revocation stops a download under way; expiry and views do not cut one short.
            try await shares.share(secret: secret).map { $0.id == id && $0.revoked == nil } ?? false
        }
    }

    /// The share and note the path's token leads to; throws the page for any other outcome.
    private func found(_ request: Request, _ context: ServerRequestContext, acceptingUsedUp: Bool = false) async throws -> (Share, Note) {
        let client = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
        let now = server.clock.now()
        if let seconds = guesses.retryAfter(client, at: now) {
            throw SharedPageRefusal(response: tooManyGuesses(seconds))
        }
        switch try await lookup.lookUp(secret: context.parameters.get("token") ?? "", at: now, acceptingUsedUp: acceptingUsedUp) {
        case .unknown:
            guesses.recordMiss(client, at: now)
            throw SharedPageRefusal(response: gone(.notFound))
        case .gone:
            throw SharedPageRefusal(response: gone(.gone))
        case .shown(let share, let note):
            return (share, note)
        }
    }

    private func shown(_ share: Share, _ note: Note) async throws -> Response {
        // Most notes link to no other: then neither the links nor their shares are asked for.
        let links = NoteLink.scanLocated(note.body).isEmpty ? [] : try await server.links.links(from: note.id, account: share.account)
        let linked = Set(links.compactMap { $0.resolution.chosen?.id })
        let shares = linked.isEmpty ? [] : try await server.shares.shares(of: linked, account: share.account)
        let now = server.clock.now()
        let destinations = links.map { ShareRules.destination(of: $0.resolution, shares: shares, at: now) }
        // A view-limited page's attachments carry a grant that runs out: such a page is made anew.
        let grant: String? = ShareRules.asksBeforeShowing(share) ? {
            let until = Int64(now.timeIntervalSince1970 + ShareRules.attachmentGrantLife)
            return "?until=\(until)&grant=" + ShareRules.attachmentGrant(secret: share.secret, until: until, hasher: server.hasher)
        }() : nil
        let key = "s|\(share.id)|\(note.id)|\(note.revision)|" + destinations.map { $0 ?? "-" }.joined(separator: " ")
        if grant == nil, let kept = await rendered.kept(key) { return WebPages.html(kept) }
        let html = MarkdownRenderer.sharedHTML(note.body, links: links, attachmentBase: ShareRules.path(of: share) + "/",
                                               attachmentQuery: grant ?? "") { ShareRules.destination(of: $0, shares: shares, at: now) }
        let page = pages.rendered("shared", title: note.title, values: [
            "title": note.title, "updated": WebPages.displayed(note.updated), "updatedISO": WebPages.iso(note.updated), "bodyHTML": html,
        ], signedIn: nil)
        if grant == nil { await rendered.keep(page, under: key) }
        return WebPages.html(page)
    }

    /// The one page for a link that leads nowhere: `410` for a share that ended, `404` for none,
    /// alike in everything but the status.
    private func gone(_ status: HTTPResponse.Status) -> Response {
        pages.page("sharedGone", title: "Link not available", values: [:], signedIn: nil, status: status)
    }

    private func tooManyGuesses(_ seconds: Int) -> Response {
        var response = pages.page("sharedGone", title: "Too many requests", values: [:], signedIn: nil, status: .tooManyRequests)
        response.headers[.retryAfter] = String(seconds)
        return response
    }
}

/// A finished answer a shared page's lookup gives instead of a note (`SharedPageRoutes.found`).
struct SharedPageRefusal: Error {
    let response: Response
}
