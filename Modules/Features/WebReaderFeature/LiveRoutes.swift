import Hummingbird
import ServerFeature

/// `/events`, `/static/quill.js`, the service worker, the manifest and `/offline`: the web reader live and offline (docs/web.md, "Live pages"). The script
/// listens to the account's change feed (`AccountEvents`, the stream `GET /v1/events` gives a
/// token, kept open here while the session holds) and updates the open page: a note or the list
/// shows its new version when it changed elsewhere, the edit form says so before a save, and the header says
/// whether the page is live, reconnecting or offline.
extension WebRoutes {
    func events(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let sessions = self.sessions, session = signedIn.session
        return try await AccountEvents(dependencies: dependencies.server).response(for: signedIn.account.id, request: request,
                                                                                  endsWith: session.token) {
            try await sessions.stillHolds(session)
        }
    }

    func liveScript(_ request: Request, _ context: ServerRequestContext) -> Response {
        Self.file(WebLiveScript.javaScript, type: "text/javascript; charset=utf-8")
    }

    /// The service worker, from the root so that its scope is the whole reader.
    func serviceWorker(_ request: Request, _ context: ServerRequestContext) -> Response {
        Self.file(WebOfflineScript.serviceWorker, type: "text/javascript; charset=utf-8")
    }

    func manifest(_ request: Request, _ context: ServerRequestContext) -> Response {
        Self.file(WebOfflineScript.manifest, type: "application/manifest+json")
    }

    func icon(_ request: Request, _ context: ServerRequestContext) -> Response {
        Self.file(WebOfflineScript.icon, type: "image/svg+xml")
    }

    /// `/offline`: the notes kept for reading offline and the room they take, listed by the script
    /// from the service worker's cache (which only the browser can read).
    func offlinePage(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        return pages.page("offline", title: "Kept offline", values: [:], signedIn: signedIn)
    }

    private static func file(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
