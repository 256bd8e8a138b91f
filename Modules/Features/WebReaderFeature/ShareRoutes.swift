import Foundation
import Hummingbird
import QuillAPI
import QuillModels
import ServerFeature
import ServerStoreInterface

/// The owner's side of sharing in the web reader (docs/sharing.md): the share form of a note
/// (`/notes/{id}/share`), the page of the account's shared links (`/shares`), and revoking one.
/// Shares are made by `ShareCreation`, as the API makes them.
extension WebRoutes {
    func shareForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let note = try await liveNote(context, signedIn)
        return pages.page("shareForm", title: "Share \(note.title)", values: WebPages.values(of: note), signedIn: signedIn)
    }

    func share(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let form = try await FormFields.body(request)
        try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
        let note = try await liveNote(context, signedIn)
        guard let expires = ShareExpiry.parse(form["expires"] ?? "never", now: dependencies.server.clock.now()) else {
            throw WebPageError(status: .badRequest, message: "“\(form["expires"] ?? "")” is not a time the link can work for.")
        }
        var views: Int?
        if let text = form["views"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let number = Int(text), (1...ShareRules.maximumViews).contains(number) else {
                throw WebPageError(status: .badRequest, message: "Views allowed must be a whole number from 1 to \(ShareRules.maximumViews), or empty.")
            }
            views = number
        }
        let share: Share
        do {
            share = try await ShareCreation(dependencies: dependencies.server).share(
                note.id, account: signedIn.account.id, terms: NewShareBody(expires: expires.map(Timestamp.init), views: views, snapshot: form["snapshot"] != nil))
        } catch let error as APIError {
            throw WebPageError(status: error.status, message: error.message)
        }
        let url = RequestOrigin.base(request, context, trustedProxies: dependencies.server.trustedProxies) + ShareRules.path(of: share)
        return pages.page("shareMade", title: "Link to \(note.title)", values: ["id": note.id.rawValue, "title": note.title, "url": url],
                          signedIn: signedIn)
    }

    func shareList(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let server = dependencies.server
        let lookup = SharedNoteLookup(shares: server.shares, notes: server.notes)
        let now = server.clock.now()
        var rows: [[String: Any]] = []
        for share in try await server.shares.shares(account: signedIn.account.id) {
            let state = try await lookup.state(of: share, at: now)
            let title = try await server.notes.note(share.note, account: signedIn.account.id)?.title ?? "(deleted note)"
            rows.append([
                "id": share.id.rawValue, "note": share.note.rawValue, "title": title, "path": ShareRules.path(of: share),
                "state": state.rawValue, "active": state == .active,
                "views": share.viewLimit.map { "\(share.views) of \($0) views" } ?? "\(share.views) views",
                "expires": share.expires.map { "expires " + WebPages.displayed($0) } ?? "never expires",
            ])
        }
        return pages.page("shares", title: "Shared links", values: ["shares": rows, "empty": rows.isEmpty], signedIn: signedIn)
    }

    func revokeShare(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let form = try await FormFields.body(request)
        try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
        guard let id = context.parameters.get("share").flatMap(ShareID.init),
              try await dependencies.server.shares.revokeShare(id, account: signedIn.account.id, at: dependencies.server.clock.now()) != nil
        else { throw WebPageError(status: .notFound, message: "There is no such shared link.") }
        return WebPages.redirect("/shares")
    }
}
