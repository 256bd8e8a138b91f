import Foundation
import Hummingbird
import StandardInterfaces
import ServerFeature
import ServerStoreInterface

/// `/oidc/start` and `/oidc/callback`: signing in through the OpenID Connect provider
/// (docs/signin.md). The steps and rules are `OIDCSignIn`'s; these handlers carry them over HTTP.
///
/// The state travels twice: in the provider's round trip and in a cookie of this browser
/// (`SameSite=Lax`, since the callback is a navigation from the provider's site), so that a
/// callback another browser was lured to is refused.
enum OIDCRoutes {
    static let stateCookieName = "quill_oidc_state"

    /// The provider as the sign-in button names it: the issuer's host.
    static func providerName(_ settings: OIDCSettings) -> String {
        URL(string: settings.issuer)?.host ?? settings.issuer
    }
}

extension WebRoutes {
    func startOIDC(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        try await startOIDC(request, context, next: SignInReturn.path(FormFields.query(request)["next"]))
    }

    func startOIDC(_ request: Request, _ context: ServerRequestContext, next: String) async throws -> Response {
        guard let oidc = dependencies.oidc else { throw WebPageError(status: .notFound, message: "Sign-in through an identity provider is not set up here.") }
        let now = dependencies.server.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
        if let seconds = signInStarts.retryAfter(address, at: now) {
            return await tooManySignIns(request, context, next: next, seconds: seconds, what: "sign-ins started")
        }
        signInStarts.recordMiss(address, at: now)
        let start: OIDCSignIn.Start
        do { start = try await oidc.start(returnPath: next) } catch {
            context.logger.warning("sign-in through the identity provider could not start", metadata: ["error": "\(error)"])
            return await signInPage(request, context, next: next, status: .serviceUnavailable, error: nil)
        }
        var response = WebPages.redirect(start.authorizationURL)
        response.setCookie(Cookie(name: OIDCRoutes.stateCookieName, value: start.state, maxAge: Int(OIDCRules.pendingLifetime), path: "/oidc",
                                  secure: isSecure(request, context), httpOnly: true, sameSite: .lax))
        return response
    }

    func finishOIDC(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        guard let oidc = dependencies.oidc else { throw WebPageError(status: .notFound, message: "Sign-in through an identity provider is not set up here.") }
        let query = FormFields.query(request)
        let browserState = request.cookies[OIDCRoutes.stateCookieName]?.value
        let outcome: Result<OIDCSignIn.SignedIn, OIDCSignInFailure>
        if let error = query["error"] {
            // The provider did not sign the person in (they cancelled, or it refused): say what it said.
            let said = [error, query["error_description"]].compactMap { $0 }.joined(separator: ": ")
            outcome = .failure(.provider(.refused(said)))
        } else {
            do throws(OIDCSignInFailure) {
                outcome = .success(try await oidc.finish(code: query["code"] ?? "", state: query["state"] ?? "", browserState: browserState))
            } catch {
                outcome = .failure(error)
            }
        }
        let secure = isSecure(request, context)
        let clearedState = Cookie(name: OIDCRoutes.stateCookieName, value: "", maxAge: 0, path: "/oidc", secure: secure, httpOnly: true, sameSite: .lax)
        switch outcome {
        case .success(let signedIn):
            let (secret, _) = try await sessions.signIn(account: signedIn.account, identityToken: signedIn.identityToken, request, context)
            context.logger.info("signed in through the identity provider", metadata: ["account": "\(signedIn.account.name)"])
            var response = pages.moveOn(to: signedIn.returnPath, heading: "Signed in")
            response.setCookie(sessions.cookie(secret: secret, secure: secure))
            response.setCookie(clearedState)
            return response
        case .failure(let failure):
            context.logger.notice("sign-in through the identity provider refused", metadata: ["reason": "\(failure)"])
            var response = await signInPage(request, context, next: "/", status: Self.status(of: failure), error: Self.message(failure))
            response.setCookie(clearedState)
            return response
        }
    }

    private func isSecure(_ request: Request, _ context: ServerRequestContext) -> Bool {
        sessions.isHTTPS(request, context: context) || dependencies.oidc?.settings.publicURL.hasPrefix("https://") == true
    }

    static func status(of failure: OIDCSignInFailure) -> HTTPResponse.Status {
        switch failure {
        case .providerDown, .provider(.unreachable): .badGateway
        case .provider: .unauthorized
        case .expired, .otherBrowser: .badRequest
        case .noAccount, .notAllowed: .forbidden
        case .store: .serviceUnavailable
        }
    }

    /// What the sign-in page says of a failure.
    static func message(_ failure: OIDCSignInFailure) -> String {
        switch failure {
        case .providerDown:
            "The identity provider cannot be reached right now. Try again in a minute."
        case .provider(.refused(let said)):
            "The identity provider did not sign you in (\(said))."
        case .provider(let failure):
            "Signing in through the identity provider failed: \(failure)."
        case .expired:
            "That sign-in expired or was already used. Start again."
        case .otherBrowser:
            "That sign-in was started in another browser, or this browser does not keep cookies. Start again here."
        case .noAccount(let identity):
            "You signed in, but no Quill account is yours yet. Ask the administrator to link one: "
                + "quill-server account link NAME --oidc-subject \(identity.subject)"
        case .notAllowed(let identity, let email):
            "You signed in as \(email ?? identity.subject), who is not allowed on this server. "
                + "Ask the administrator to allow your address or to link your account (subject \(identity.subject))."
        case .store:
            "The server could not finish signing you in. Try again."
        }
    }
}
