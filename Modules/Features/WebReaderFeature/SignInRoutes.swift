import Foundation
import Hummingbird
import StandardInterfaces
import ServerFeature

/// `/login` and `/logout`.
extension WebRoutes {
    func signInForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let next = SignInReturn.path(FormFields.query(request)["next"])
        if try await sessions.current(request, context) != nil { return WebPages.redirect(next) }
        // With --oidc-only the person goes straight to the provider, unless it is down (then the page says so).
        if let oidc = dependencies.oidc, oidc.settings.only, FormFields.query(request)["signed-out"] == nil, await oidc.isReachable() {
            return try await startOIDC(request, context, next: next)
        }
        return await signInPage(request, context, next: next, status: .ok, error: nil)
    }

    func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let form = try await FormFields.body(request)
        try FormProtection.checkOrigin(request)
        let next = SignInReturn.path(form["next"])
        if dependencies.oidc?.settings.only == true {
            return await signInPage(request, context, next: next, status: .forbidden,
                                    error: "Signing in with a token is turned off here: sign in with the identity provider.")
        }
        let now = dependencies.server.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
        if let seconds = signInGuesses.retryAfter(address, at: now) {
            return await tooManySignIns(request, context, next: next, seconds: seconds, what: "wrong tokens")
        }
        guard let expected = request.cookies[WebSessions.loginCookieName]?.value, !expected.isEmpty,
              let sent = form[FormProtection.fieldName], SecretComparison.equal(sent, expected)
        else {
            return await signInPage(request, context, next: next, status: .forbidden,
                              error: "The sign-in form expired or did not come from this site. Try again.")
        }
        guard let token = form["token"], !token.isEmpty else {
            return await signInPage(request, context, next: next, status: .badRequest, error: "Enter your API token.")
        }
        guard let (secret, _) = try await sessions.signIn(token: token, request, context) else {
            signInGuesses.recordMiss(address, at: now)
            context.logger.notice("wrong token at web sign-in", metadata: [
                "client": "\(address)", "token_id": "\(BearerToken(parsing: token.trimmingCharacters(in: .whitespacesAndNewlines))?.id.rawValue ?? "-")",
            ])
            return await signInPage(request, context, next: next, status: .unauthorized, error: "That token is not valid on this server.")
        }
        var response = WebPages.redirect(next)
        let secure = sessions.isHTTPS(request, context: context)
        response.setCookie(sessions.cookie(secret: secret, secure: secure))
        response.setCookie(Cookie(name: WebSessions.loginCookieName, value: "", maxAge: 0, path: "/login", secure: secure,
                                  httpOnly: true, sameSite: .strict))
        return response
    }

    func signOut(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let form = try await FormFields.body(request)
        var response = WebPages.redirect("/login?signed-out=1")
        if let signedIn = try await sessions.current(request, context) {
            try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
            try await sessions.signOut(signedIn)
            // A session of the identity provider ends there too, when it offers that.
            if let identityToken = signedIn.session.identityToken, let oidc = dependencies.oidc,
               let location = await oidc.signOutURL(identityToken: identityToken) {
                response = pages.moveOn(to: location, heading: "Signing out at \(OIDCRoutes.providerName(oidc.settings))")
            }
        }
        response.setCookie(sessions.clearedCookie(secure: sessions.isHTTPS(request, context: context)))
        return response
    }

    /// The sign-in page: the provider's button (or word that it is down) when one is configured,
    /// and the token form unless `--oidc-only`, with a fresh form token in a cookie and in the
    /// hidden field (double submit).
    /// The sign-in page answering 429: too many `what` from this address, and when to try again.
    func tooManySignIns(_ request: Request, _ context: ServerRequestContext, next: String, seconds: Int, what: String) async -> Response {
        var response = await signInPage(request, context, next: next, status: .tooManyRequests,
                                        error: "Too many \(what) from here. Try again in \(seconds) seconds.")
        response.headers[.retryAfter] = String(seconds)
        return response
    }

    func signInPage(_ request: Request, _ context: ServerRequestContext, next: String, status: HTTPResponse.Status,
                    error: String?) async -> Response {
        let formToken = dependencies.server.secrets.generate().secret
        var values: [String: Any] = ["csrf": formToken, "next": next, "tokenForm": dependencies.oidc?.settings.only != true]
        var status = status
        if let oidc = dependencies.oidc {
            let reachable = await oidc.isReachable()
            values["provider"] = ["name": OIDCRoutes.providerName(oidc.settings), "reachable": reachable,
                                  "start": "/oidc/start?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/")]
            // With no other way in, a provider that is down makes the page a 503.
            if !reachable, oidc.settings.only, status == .ok { status = .serviceUnavailable }
        }
        var response = pages.page("login", title: "Sign in", values: values, signedIn: nil, status: status, error: error)
        response.setCookie(loginFormCookie(formToken, request, context))
        return response
    }

    private func loginFormCookie(_ formToken: String, _ request: Request, _ context: ServerRequestContext) -> Cookie {
        Cookie(name: WebSessions.loginCookieName, value: formToken, maxAge: WebSessions.loginFormLifetime,
               path: "/login", secure: sessions.isHTTPS(request, context: context), httpOnly: true, sameSite: .strict)
    }
}
