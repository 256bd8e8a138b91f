import Foundation
import Hummingbird
import ServerFeature
import ServerStoreInterface

/// `/device`: a signed-in person approves or denies a device's sign-in (docs/signin.md). Wrong
/// codes are counted per client address and per account (`GuessLimiter`), so a live code cannot
/// be found by trying.
extension WebRoutes {
    func deviceForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        guard let typed = FormFields.query(request)["code"], !typed.isEmpty else {
            return pages.page("deviceCode", title: "Sign in a device", values: [:], signedIn: signedIn)
        }
        if let refused = try await refusedForGuessing(request, context, signedIn: signedIn) { return refused }
        guard let asked = try await DeviceLogin(dependencies: dependencies.server).request(userCode: typed) else {
            try await countWrongCode(request, context, signedIn: signedIn)
            return pages.page("deviceCode", title: "Sign in a device", values: ["code": typed], signedIn: signedIn, status: .notFound,
                              error: "No device is waiting with that code. Check it, or start again in the terminal: a code lasts ten minutes.")
        }
        let offerFull = signedIn.scope.canWrite
        var values: [String: Any] = [
            "code": asked.userCode, "displayCode": DeviceLoginRules.display(asked.userCode), "deviceName": asked.deviceName,
            "requested": asked.requestedScope == .full ? "asking to read and write" : "asking to read only",
            "offerFull": offerFull, "fullChecked": offerFull && asked.requestedScope == .full,
            "lifetimes": DeviceLoginRules.tokenLifetimes.enumerated().map { ["index": $0.offset, "label": $0.element.label] },
        ]
        if let from = asked.requestedFrom { values["from"] = from }
        return pages.page("deviceApprove", title: "Sign in a device", values: values, signedIn: signedIn)
    }

    func decideDevice(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let form = try await FormFields.body(request)
        try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
        if let refused = try await refusedForGuessing(request, context, signedIn: signedIn) { return refused }
        let login = DeviceLogin(dependencies: dependencies.server)
        guard let asked = try await login.request(userCode: form["code"] ?? "") else {
            try await countWrongCode(request, context, signedIn: signedIn)
            throw WebPageError(status: .notFound, message: "No device is waiting with that code any more. Start again in the terminal.")
        }
        let decision: DeviceDecision
        switch form["decision"] {
        case "approve":
            let scope: TokenScope = form["scope"] == TokenScope.full.rawValue && signedIn.scope.canWrite ? .full : .readOnly
            guard let index = form["lifetime"].flatMap(Int.init), DeviceLoginRules.tokenLifetimes.indices.contains(index) else {
                throw WebPageError(status: .badRequest, message: "Choose how long the token lasts.")
            }
            let expires = DeviceLoginRules.tokenLifetimes[index].seconds.map { dependencies.server.clock.now().addingTimeInterval($0) }
            decision = .approved(account: signedIn.account, scope: scope, tokenExpires: expires)
        case "deny":
            decision = .denied
        default:
            throw WebPageError(status: .badRequest, message: "Choose Approve or Deny.")
        }
        guard try await login.decide(userCode: asked.userCode, decision) else {
            throw WebPageError(status: .conflict, message: "This device was approved or denied already.")
        }
        context.logger.notice("device login decided", metadata: [
            "account": "\(signedIn.account.name)", "device": "\(asked.deviceName)", "decision": "\(form["decision"] ?? "")",
        ])
        let approved = decision != .denied
        return pages.page("deviceDecided", title: approved ? "Device approved" : "Device denied", values: [
            "heading": approved ? "“\(asked.deviceName)” is signed in" : "“\(asked.deviceName)” was denied",
            "message": approved ? "Go back to your terminal: it has its token now." : "The terminal was told; it got no token.",
        ], signedIn: signedIn)
    }

    /// A 429 page if this address or account typed too many wrong codes lately.
    private func refusedForGuessing(_ request: Request, _ context: ServerRequestContext, signedIn: SignedIn) async throws -> Response? {
        let now = dependencies.server.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
        let wait = [codeGuesses.retryAfter(address, at: now), codeGuesses.retryAfter("account \(signedIn.account.id)", at: now)]
            .compactMap { $0 }.max()
        guard let wait else { return nil }
        var response = pages.page("deviceCode", title: "Sign in a device", values: [:], signedIn: signedIn, status: .tooManyRequests,
                                  error: "Too many wrong codes. Try again in \(wait) seconds.")
        response.headers[.retryAfter] = String(wait)
        return response
    }

    private func countWrongCode(_ request: Request, _ context: ServerRequestContext, signedIn: SignedIn) async throws {
        let now = dependencies.server.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
        codeGuesses.recordMiss(address, at: now)
        codeGuesses.recordMiss("account \(signedIn.account.id)", at: now)
        context.logger.notice("wrong device code", metadata: ["client": "\(address)", "account": "\(signedIn.account.name)"])
    }
}
