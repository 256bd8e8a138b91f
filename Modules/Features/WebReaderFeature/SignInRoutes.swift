import Hummingbird
import StandardInterfaces
import ServerFeature

/// `/login` and `/logout`.
extension WebRoutes {
    func signInForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let next = SignInReturn.path(FormFields.query(request)["next"])
        if try await sessions.current(request, context) != nil { return WebPages.redirect(next) }
        return signInPage(request, context, next: next, status: .ok, error: nil)
    }

    func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let form = try await FormFields.body(request)
        try FormProtection.checkOrigin(request)
        let next = SignInReturn.path(form["next"])
        let now = dependencies.server.clock.now()
        let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
        if let seconds = signInGuesses.retryAfter(address, at: now) {
            var response = signInPage(request, context, next: next, status: .tooManyRequests,
                                      error: "Too many wrong tokens from here. Try again in \(seconds) seconds.")
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        guard let expected = request.cookies[WebSessions.loginCookieName]?.value, !expected.isEmpty,
              let sent = form[FormProtection.fieldName], FormProtection.constantTimeEquals(sent, expected)
        else {
            return signInPage(request, context, next: next, status: .forbidden,
                              error: "The sign-in form expired or did not come from this site. Try again.")
        }
        guard let token = form["token"], !token.isEmpty else {
            return signInPage(request, context, next: next, status: .badRequest, error: "Enter your API token.")
        }
        guard let (secret, _) = try await sessions.signIn(token: token, request, context) else {
            signInGuesses.recordMiss(address, at: now)
            context.logger.notice("wrong token at web sign-in", metadata: [
                "client": "\(address)", "token_id": "\(BearerToken(parsing: token.trimmingCharacters(in: .whitespacesAndNewlines))?.id.rawValue ?? "-")",
            ])
            return signInPage(request, context, next: next, status: .unauthorized, error: "That token is not valid on this server.")
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
        var response = WebPages.redirect("/login")
        if let signedIn = try await sessions.current(request, context) {
            try FormProtection.check(request, form: form, expected: signedIn.session.formToken)
            try await sessions.signOut(signedIn)
        }
        response.setCookie(sessions.clearedCookie(secure: sessions.isHTTPS(request, context: context)))
        return response
    }

    /// The form, with a fresh form token in a cookie and in the hidden field (double submit).
    private func signInPage(_ request: Request, _ context: ServerRequestContext, next: String, status: HTTPResponse.Status,
                            error: String?) -> Response {
        let formToken = dependencies.server.secrets.generate().secret
        var response = pages.page("login", title: "Sign in", values: ["csrf": formToken, "next": next], signedIn: nil, status: status,
                                  error: error)
        response.setCookie(Cookie(name: WebSessions.loginCookieName, value: formToken, maxAge: WebSessions.loginFormLifetime,
                                  path: "/login", secure: sessions.isHTTPS(request, context: context), httpOnly: true, sameSite: .strict))
        return response
    }
}
