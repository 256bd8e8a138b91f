import Foundation
import Hummingbird
import QuillAPI
import ServerFeature

/// `/devices`: the account's web sessions and tokens, each with a Revoke button (docs/signin.md).
extension WebRoutes {
    func deviceList(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let devices = try await DeviceListing(dependencies: dependencies.server).devices(of: signedIn.account, currentSession: signedIn.session.id)
        let rows: [[String: Any]] = devices.map { device in
            var row: [String: Any] = [
                "id": device.id, "name": device.label ?? (device.kind == "session" ? "A browser" : "Token \(device.id)"),
                "kind": device.kind == "session" ? "browser" : "token", "scope": device.scope == "full" ? "read and write" : "read only",
                "created": device.created.map { WebPages.displayed($0.date) } ?? "before records were kept",
                "lastUsed": device.lastUsed.map { WebPages.displayed($0.date) } ?? "never",
                "expires": device.expires.map { "until " + WebPages.displayed($0.date) } ?? "no expiry", "current": device.current,
            ]
            if let address = device.address { row["address"] = address }
            return row
        }
        return pages.page("devices", title: "Devices", values: ["devices": rows], signedIn: signedIn)
    }

    func revokeDevice(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let form = try await FormFields.body(request)
        try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
        let id = context.parameters.get("device") ?? ""
        guard try await DeviceListing(dependencies: dependencies.server).revoke(id, of: signedIn.account) else {
            throw WebPageError(status: .notFound, message: "There is no such session or token.")
        }
        context.logger.notice("device revoked", metadata: ["account": "\(signedIn.account.name)", "device": "\(id)"])
        return WebPages.redirect(id == "s" + signedIn.session.id ? "/login" : "/devices")
    }
}
