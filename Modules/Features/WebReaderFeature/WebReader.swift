import Hummingbird
import ServerFeature

/// The web reader (docs/web.md): HTML pages on the server's own router, beside the API.
public enum WebReader {
    /// Adds the web reader's routes to `router`; throws only if a compiled-in template does not parse.
    public static func register(on router: Router<ServerRequestContext>, _ dependencies: WebReaderDependencies) throws {
        let pages = WebPages(library: try WebTemplates.library())
        let group = router.group().add(middleware: WebPageMiddleware(pages: pages))
        let routes = WebRoutes(dependencies: dependencies, pages: pages, sessions: WebSessions(dependencies: dependencies),
                               rows: NoteRows(library: pages.library), signInGuesses: GuessLimiter(allowed: dependencies.server.wrongTokenLimit),
                               codeGuesses: GuessLimiter(allowed: 10), signInStarts: GuessLimiter(allowed: 30))
        group.get("/static/quill.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: WebStyleSheet.css)))
        }
        group.get("/static/quill.js") { request, context in routes.liveScript(request, context) }
        group.get("/events") { request, context in try await routes.events(request, context) }
        group.get("/sw.js") { request, context in routes.serviceWorker(request, context) }
        group.get("/manifest.webmanifest") { request, context in routes.manifest(request, context) }
        group.get("/static/quill.svg") { request, context in routes.icon(request, context) }
        group.get("/offline") { request, context in try await routes.offlinePage(request, context) }
        group.get("/login") { request, context in try await routes.signInForm(request, context) }
        group.post("/login") { request, context in try await routes.signIn(request, context) }
        group.post("/logout") { request, context in try await routes.signOut(request, context) }
        group.get("/oidc/start") { request, context in try await routes.startOIDC(request, context) }
        group.get("/oidc/callback") { request, context in try await routes.finishOIDC(request, context) }
        group.get("/") { request, context in try await routes.list(request, context) }
        group.get("/notes/new") { request, context in try await routes.newForm(request, context) }
        group.post("/notes/new") { request, context in try await routes.create(request, context) }
        group.get("/notes/:id") { request, context in try await routes.show(request, context) }
        group.get("/notes/attachments/:sha256/:name") { request, context in try await routes.attachment(request, context) }
        group.get("/notes/:id/edit") { request, context in try await routes.editForm(request, context) }
        group.post("/notes/:id/edit") { request, context in try await routes.edit(request, context) }
        group.get("/notes/:id/history") { request, context in try await routes.history(request, context) }
        group.post("/notes/:id/restore") { request, context in try await routes.restore(request, context) }
        group.get("/trash") { request, context in try await routes.trash(request, context) }
        group.get("/notes/:id/delete") { request, context in try await routes.deleteForm(request, context) }
        group.post("/notes/:id/delete") { request, context in try await routes.delete(request, context) }
        group.get("/export") { request, context in try await routes.export(request, context) }
        group.get("/import") { request, context in try await routes.importForm(request, context) }
        group.post("/import") { request, context in try await routes.importFile(request, context) }
        group.get("/notes/:id/share") { request, context in try await routes.shareForm(request, context) }
        group.post("/notes/:id/share") { request, context in try await routes.share(request, context) }
        group.get("/shares") { request, context in try await routes.shareList(request, context) }
        group.post("/shares/:share/revoke") { request, context in try await routes.revokeShare(request, context) }
        group.get("/device") { request, context in try await routes.deviceForm(request, context) }
        group.post("/device") { request, context in try await routes.decideDevice(request, context) }
        group.get("/devices") { request, context in try await routes.deviceList(request, context) }
        group.post("/devices/:device/revoke") { request, context in try await routes.revokeDevice(request, context) }
        let rendered = RenderedPageCache()
        SharedPageRoutes.register(on: router, dependencies, pages: pages, rendered: rendered)
        SitePageRoutes.register(on: router, dependencies, pages: pages, rendered: rendered)
    }
}

/// The handlers, sharing the dependencies, the templates, the sessions, the notes' rendered rows,
/// the counts of wrong tokens at the sign-in form and of wrong device codes, and of sign-ins started.
struct WebRoutes: Sendable {
    let dependencies: WebReaderDependencies
    let pages: WebPages
    let sessions: WebSessions
    let rows: NoteRows
    let signInGuesses: GuessLimiter
    let codeGuesses: GuessLimiter
    /// Sign-ins through the identity provider started per client address (each stores a pending sign-in).
    let signInStarts: GuessLimiter
}
