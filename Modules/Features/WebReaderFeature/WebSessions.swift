import Foundation
import Hummingbird
import ServerFeature
import ServerStoreInterface
import StandardInterfaces

/// A request's signed-in person: the account, the session it came with, and what the token the
/// session was opened with may do.
struct SignedIn: Sendable {
    let account: Account
    let session: WebSession
    let scope: TokenScope
}

/// Signing in, finding the session of a request, and signing out.
///
/// A session is valid only while it has not expired and the API token it was opened with still
/// belongs to its account and has not expired: revoking the token (or deleting the account) ends
/// its sessions too. A session opened through the identity provider holds no token and lasts
/// while its account does. A session of a read-only token reads; its writes are refused (`requireWriter`).
struct WebSessions: Sendable {
    static let cookieName = "quill_session"
    static let loginCookieName = "quill_login_csrf"
    /// How long the sign-in form's CSRF cookie lasts.
    static let loginFormLifetime = 3600

    let dependencies: WebReaderDependencies

    /// How often a session's last use is written (the Devices page shows it to the minute).
    static let useRecordingInterval: TimeInterval = 60

    /// A new session for a valid API token, opened by the browser that sent `request`; `nil` (and
    /// nothing stored) for anything else.
    func signIn(token text: String, _ request: Request, _ context: ServerRequestContext) async throws -> (secret: String, session: WebSession)? {
        guard let token = BearerToken(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let stored = try await dependencies.server.accounts.token(id: token.id),
              dependencies.server.hasher.hash(token.secret).constantTimeEquals(stored.token.hash),
              !stored.token.hasExpired(at: dependencies.server.clock.now())
        else { return nil }
        return try await open(account: stored.account.id, token: token.id, identityToken: nil, request, context)
    }

    /// A new session for a person the identity provider signed in (`OIDCSignIn`), holding the ID
    /// token for signing out there too.
    func signIn(account: Account, identityToken: String, _ request: Request, _ context: ServerRequestContext) async throws
        -> (secret: String, session: WebSession) {
        try await open(account: account.id, token: nil, identityToken: identityToken, request, context)
    }

    private func open(account: AccountID, token: TokenID?, identityToken: String?, _ request: Request, _ context: ServerRequestContext)
        async throws -> (secret: String, session: WebSession) {
        let secret = dependencies.server.secrets.generate().description
        let now = dependencies.server.clock.now()
        // The public ID is drawn apart from the cookie's secret, so that showing it reveals nothing of the cookie.
        let session = WebSession(
            id: String(dependencies.server.secrets.generate().id.rawValue.prefix(16)), secretHash: dependencies.server.hasher.hash(secret),
            account: account, token: token, formToken: dependencies.server.secrets.generate().secret, created: now,
            expires: now.addingTimeInterval(dependencies.settings.sessionLifetime),
            device: request.headers[.userAgent].map(DeviceListing.browserName),
            address: RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies), lastUsed: now,
            identityToken: identityToken)
        try await dependencies.server.sessions.createSession(session)
        // Sessions nobody signed out of are forgotten here, so the table does not grow.
        _ = try await dependencies.server.sessions.deleteExpiredSessions(at: now)
        return (secret, session)
    }

    /// The request's live session, or `nil`. Records its use at most once a minute.
    func current(_ request: Request, _ context: ServerRequestContext) async throws -> SignedIn? {
        guard let secret = request.cookies[Self.cookieName]?.value, !secret.isEmpty, secret.utf8.count <= 256 else { return nil }
        let hash = dependencies.server.hasher.hash(secret)
        guard let session = try await dependencies.server.sessions.session(secretHash: hash, at: dependencies.server.clock.now()) else { return nil }
        guard let (account, scope) = try await holder(of: session) else {
            // The token was revoked or expired, or the account deleted: the session ends with it.
            _ = try await dependencies.server.sessions.deleteSession(secretHash: hash)
            return nil
        }
        let now = dependencies.server.clock.now()
        if session.lastUsed.map({ now.timeIntervalSince($0) >= Self.useRecordingInterval }) ?? true {
            let address = RequestOrigin.clientAddress(request, context, trustedProxies: dependencies.server.trustedProxies)
            try await dependencies.server.sessions.recordUse(ofSession: hash, at: now, address: address)
        }
        return SignedIn(account: account, session: session, scope: scope)
    }

    /// The session's account and what it may do (`WebSessionAccess`), if its token (or, for a
    /// session of the identity provider, its account) still stands.
    private func holder(of session: WebSession) async throws -> (Account, TokenScope)? {
        guard let token = session.token else {
            guard let account = try await dependencies.server.accounts.account(id: session.account),
                  let scope = WebSessionAccess.scope(of: session, tokenScopes: [:]) else { return nil }
            return (account, scope)
        }
        guard let stored = try await dependencies.server.accounts.token(id: token), stored.account.id == session.account,
              !stored.token.hasExpired(at: dependencies.server.clock.now()) else { return nil }
        return (stored.account, stored.token.scope)
    }

    /// Whether `session` still holds: not ended, not expired, and its token (or account) still there.
    /// The live page's stream asks at each heartbeat.
    func stillHolds(_ session: WebSession) async throws -> Bool {
        guard try await dependencies.server.sessions.session(secretHash: session.secretHash, at: dependencies.server.clock.now()) != nil
        else { return false }
        return try await holder(of: session) != nil
    }

    /// The signed-in person, or `SignInRequired`.
    func require(_ request: Request, _ context: ServerRequestContext) async throws -> SignedIn {
        guard let signedIn = try await current(request, context) else { throw SignInRequired() }
        return signedIn
    }

    /// The signed-in person, if the session's token may write; a 403 page for a read-only one.
    func requireWriter(_ request: Request, _ context: ServerRequestContext) async throws -> SignedIn {
        let signedIn = try await require(request, context)
        guard signedIn.scope.canWrite else {
            throw WebPageError(status: .forbidden, message: "You signed in with a read-only token: it can read and search notes, not change them.")
        }
        return signedIn
    }

    /// Ends the session on the server.
    func signOut(_ signedIn: SignedIn) async throws {
        _ = try await dependencies.server.sessions.deleteSession(secretHash: signedIn.session.secretHash)
    }

    /// The session cookie: HttpOnly, SameSite=Strict, Path=/, a Max-Age, and Secure over HTTPS.
    func cookie(secret: String, secure: Bool) -> Cookie {
        Cookie(name: Self.cookieName, value: secret, maxAge: Int(dependencies.settings.sessionLifetime), path: "/", secure: secure,
               httpOnly: true, sameSite: .strict)
    }

    /// The cookie that removes the session cookie from the browser.
    func clearedCookie(secure: Bool) -> Cookie {
        Cookie(name: Self.cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// Whether the request came over HTTPS: `X-Forwarded-Proto: https` from a trusted proxy.
    func isHTTPS(_ request: Request, context: ServerRequestContext) -> Bool {
        RequestOrigin.isHTTPS(request, context, trustedProxies: dependencies.server.trustedProxies)
    }
}
