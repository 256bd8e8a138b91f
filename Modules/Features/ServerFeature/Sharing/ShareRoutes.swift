import Foundation
import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Share links over HTTP (docs/sharing.md): `POST /v1/notes/{id}/shares` makes one,
/// `GET /v1/shares` lists the account's, `DELETE /v1/shares/{id}` revokes one. Making and revoking
/// write, so a read-only token is refused before a handler runs (`TokenScopeRule`).
struct ShareRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.createShare) { request, context in try await create(request, context) }
        group.on(.listShares) { _, context in try await list(context) }
        group.on(.revokeShare) { _, context in try await revoke(context) }
    }

    func create(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let terms = try await RequestInput.decode(NewShareBody.self, from: request)
        let share = try await ShareCreation(dependencies: dependencies).share(id, account: account.id, terms: terms)
        return try JSONBody.response(try await body(share), status: .created)
    }

    func list(_ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        var bodies: [ShareBody] = []
        for share in try await dependencies.shares.shares(account: account.id) { bodies.append(try await body(share)) }
        return try JSONBody.response(ShareListBody(shares: bodies))
    }

    func revoke(_ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let text = context.parameters.get("shareID") ?? ""
        guard let id = ShareID(text) else { throw APIError.badRequest("id: '\(text)' is not a share ID (lowercase hexadecimal)") }
        guard try await dependencies.shares.revokeShare(id, account: account.id, at: dependencies.clock.now()) != nil else {
            throw APIError.notFound("no share with ID \(id)")
        }
        return Response(status: .noContent)
    }

    func body(_ share: Share) async throws -> ShareBody {
        let state = try await SharedNoteLookup(shares: dependencies.shares, notes: dependencies.notes).state(of: share, at: dependencies.clock.now())
        return ShareBody(id: share.id.rawValue, note: share.note, path: ShareRules.path(of: share), state: state.rawValue,
                         created: Timestamp(share.created), expires: share.expires.map(Timestamp.init), viewLimit: share.viewLimit,
                         views: share.views, snapshot: share.snapshot, revoked: share.revoked.map(Timestamp.init))
    }
}
