import Hummingbird
import ServerFeature

/// `/events` and `/static/quill.js`: the web reader live (docs/web.md, "Live pages"). The script
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
        Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: WebLiveScript.javaScript)))
    }
}
