import Foundation
import Hummingbird
import QuillAPI
import ServerStoreInterface

/// The account's sessions and tokens over HTTP (docs/signin.md): `GET /v1/devices` lists them,
/// `DELETE /v1/devices/{id}` revokes one. Revoking writes, so a read-only token is refused before
/// a handler runs (`TokenScopeRule`).
struct DeviceRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.listDevices) { _, context in try await list(context) }
        group.on(.revokeDevice) { _, context in try await revoke(context) }
    }

    func list(_ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let devices = try await DeviceListing(dependencies: dependencies).devices(of: account, currentToken: context.tokenID)
        return try JSONBody.response(DeviceListBody(devices: devices))
    }

    func revoke(_ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = context.parameters.get("deviceID") ?? ""
        guard try await DeviceListing(dependencies: dependencies).revoke(id, of: account) else {
            throw APIError.notFound("no session or token with ID \(id)")
        }
        context.logger.notice("device revoked", metadata: ["account": "\(account.name)", "device": "\(id)"])
        return Response(status: .noContent)
    }
}
