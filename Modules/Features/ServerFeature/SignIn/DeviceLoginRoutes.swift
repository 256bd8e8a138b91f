import Foundation
import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Device login over HTTP, without a token (docs/signin.md): `POST /v1/device/code` starts one,
/// `POST /v1/device/token` polls it. Both count per client address (`GuessLimiter`): starts, so
/// nobody fills the table, and polls with unknown device codes.
struct DeviceLoginRoutes {
    let dependencies: ServerDependencies
    let starts = GuessLimiter(allowed: 10)
    let guesses: GuessLimiter

    func register(on router: Router<ServerRequestContext>) {
        router.on(.startDeviceLogin, mountedAt: "") { request, context in try await start(request, context) }
        router.on(.pollDeviceLogin, mountedAt: "") { request, context in try await poll(request, context) }
    }

    func start(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let now = dependencies.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.trustedProxies)
        if let seconds = starts.retryAfter(address, at: now) { throw APIError.tooManyGuesses(retryAfter: seconds) }
        starts.recordMiss(address, at: now)
        let asked = try await RequestInput.decode(DeviceCodeRequestBody.self, from: request)
        let started: DeviceLogin.Started
        do {
            started = try await DeviceLogin(dependencies: dependencies).start(name: asked.name, scope: asked.scope, from: address)
        } catch DeviceLogin.Failure.invalidName {
            throw APIError.badRequest("name: a device's name is 1 to 1000 characters (the first 100 are kept), not only spaces or control characters")
        } catch DeviceLogin.Failure.invalidScope(let scope) {
            throw APIError.badRequest("scope: '\(scope)' is neither 'full' nor 'read-only'")
        }
        let page = RequestOrigin.base(request, context, trustedProxies: dependencies.trustedProxies) + "/device"
        let code = DeviceLoginRules.display(started.authorization.userCode)
        return try JSONBody.response(DeviceCodeBody(
            deviceCode: started.deviceCode, userCode: code, verificationUri: page, verificationUriComplete: page + "?code=" + code,
            expiresIn: Int(DeviceLoginRules.lifetime), interval: DeviceLoginRules.interval))
    }

    func poll(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let now = dependencies.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.trustedProxies)
        if let seconds = guesses.retryAfter(address, at: now) { throw APIError.tooManyGuesses(retryAfter: seconds) }
        let asked = try await RequestInput.decode(DeviceTokenRequestBody.self, from: request)
        let (answer, token, name) = try await DeviceLogin(dependencies: dependencies).poll(deviceCode: asked.deviceCode)
        switch answer {
        case .pending:
            throw APIError(.badRequest, code: "authorization_pending", message: "the sign-in has not been approved yet; ask again in \(DeviceLoginRules.interval) s")
        case .slowDown:
            throw APIError(.badRequest, code: "slow_down", message: "asked too soon; wait \(DeviceLoginRules.interval) s longer between polls")
        case .denied:
            context.logger.notice("device login denied", metadata: ["client": "\(address)", "device": "\(name ?? "-")"])
            throw APIError(.badRequest, code: "access_denied", message: "the sign-in was denied")
        case .expired:
            if name == nil { guesses.recordMiss(address, at: now) }
            throw APIError(.badRequest, code: "expired_token", message: "this device code expired or was used; start again")
        case .approved(let account, let scope, let expires):
            guard let token else { throw APIError.internalError }
            context.logger.notice("device login approved", metadata: [
                "client": "\(address)", "device": "\(name ?? "-")", "account": "\(account.name)", "token_id": "\(token.id.rawValue)",
            ])
            return try JSONBody.response(DeviceTokenBody(token: token.description, scope: scope.rawValue, account: account.name,
                                                         expires: expires.map(Timestamp.init)))
        }
    }
}
