import Foundation
import Hummingbird
import HummingbirdTesting
import StandardInterfaces
import StandardTesting
import ServerFeature
import ServerStoreInterface
import Testing

/// Signing into the web reader through an OpenID Connect provider (docs/signin.md), with the
/// provider in memory: the start, the callback, who is let in, the provider's sign-out, `--oidc-only`
/// and a provider that is down.
@Suite struct OIDCSignInTests {
    static let issuer = "https://id.example"
    static func settings(emails: Set<String> = [], groups: Set<String> = [], create: Bool = false, only: Bool = false) -> OIDCSettings {
        OIDCSettings(issuer: issuer, clientID: "quill-web", publicURL: "https://notes.example/", allowedEmails: emails, allowedGroups: groups,
                     createAccounts: create, only: only)
    }

    /// An OIDC test: a server whose web reader signs in through `provider`.
    static func server(_ settings: OIDCSettings, provider: InMemoryIdentityProvider) async throws -> WebTestServer {
        try await WebTestServer.make(oidc: (settings, provider))
    }

    /// The claims a provider would sign for the person, for the sign-in `authorization` started.
    static func claims(_ authorization: URLComponents, subject: String = "sub-ann", extra: [String: ClaimValue] = [:]) -> IdentityClaims {
        var values: [String: ClaimValue] = [
            "iss": .string(issuer), "aud": .string("quill-web"), "sub": .string(subject),
            "exp": .number(WebTestServer.start.timeIntervalSince1970 + 300), "iat": .number(WebTestServer.start.timeIntervalSince1970),
            "nonce": .string(authorization.queryItems?.first { $0.name == "nonce" }?.value ?? ""),
        ]
        values.merge(extra) { _, new in new }
        return IdentityClaims(values)
    }

    /// Starts a sign-in in `browser`; the provider's authorization request it was sent to.
    static func start(_ browser: Browser, next: String = "/") async throws -> URLComponents {
        let answer = try await browser.get("/oidc/start?next=" + Browser.encoded(next))
        #expect(answer.status == .seeOther)
        let location = try #require(answer.location)
        return try #require(URLComponents(string: location))
    }

    static func query(_ components: URLComponents, _ name: String) -> String? {
        components.queryItems?.first { $0.name == name }?.value
    }

    @Test func theStartSendsTheBrowserToTheProviderWithPKCEStateAndNonce() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        try await server.test { browser in
            let answer = try await browser.get("/oidc/start?next=%2Fnotes%2Fa1")
            #expect(answer.status == .seeOther)
            let cookie = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix("quill_oidc_state=") })
            #expect(cookie.contains("SameSite=Lax") && cookie.contains("HttpOnly") && cookie.contains("Path=/oidc"))
            #expect(cookie.contains("Secure"), "the public URL is https")
            let location = try #require(answer.location)
            let authorization = try #require(URLComponents(string: location))
            #expect(authorization.host == "id.example" && authorization.path == "/authorize")
            #expect(Self.query(authorization, "response_type") == "code")
            #expect(Self.query(authorization, "client_id") == "quill-web")
            #expect(Self.query(authorization, "redirect_uri") == "https://notes.example/oidc/callback")
            #expect(Self.query(authorization, "scope") == "openid email profile")
            #expect(Self.query(authorization, "code_challenge_method") == "S256")
            let state = try #require(Self.query(authorization, "state"))
            #expect(state == (await browser.cookies["quill_oidc_state"]))
            #expect(Self.query(authorization, "nonce").map { !$0.isEmpty && $0 != state } == true)
            #expect(Self.query(authorization, "code_challenge")?.count == 43)
        }
    }

    @Test func aLinkedPersonSignsInAndReturnsToThePageThatAsked() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        try await server.note("a1", "First note")
        _ = try await server.store.linkIdentity(ProviderIdentity(issuer: Self.issuer, subject: "sub-ann"), toAccountNamed: "alice", at: WebTestServer.start)
        try await server.test { browser in
            let authorization = try await Self.start(browser, next: "/notes/a1")
            let code = await provider.issueCode(claims: Self.claims(authorization), redirectURI: "https://notes.example/oidc/callback")
            let state = try #require(Self.query(authorization, "state"))
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(state)")
            #expect(answer.status == .ok, "a page, so that the Strict session cookie is sent on the next navigation")
            #expect(answer.text.contains(#"<meta http-equiv="refresh" content="0; url=/notes/a1">"#))
            #expect(await browser.cookies["quill_session"] != nil)
            #expect(await browser.cookies["quill_oidc_state"] == nil, "the state cookie is cleared")
            let note = try await browser.get("/notes/a1")
            #expect(note.status == .ok)
            #expect(note.text.contains("First note") && note.text.contains("alice"))
            // The code was redeemed with the verifier of the challenge sent at the start.
            let grant = try #require(await provider.redeemed.first)
            #expect(OIDCRules.codeChallenge(grant.verifier) == Self.query(authorization, "code_challenge"))
            // The session holds no token and can write.
            let sessions = try await server.sessions.sessions(account: AccountID(1), at: WebTestServer.start)
            #expect(sessions.count == 1 && sessions[0].token == nil && sessions[0].identityToken == "id-token-for-sub-ann")
            #expect(try await browser.get("/notes/new").status == .ok)
            // A replayed callback finds nothing.
            let replay = try await browser.get("/oidc/callback?code=\(code)&state=\(state)")
            #expect(replay.status == .badRequest)
        }
    }

    @Test func aCallbackWithoutTheBrowsersStateIsRefused() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        _ = try await server.store.linkIdentity(ProviderIdentity(issuer: Self.issuer, subject: "sub-ann"), toAccountNamed: "alice", at: WebTestServer.start)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization), redirectURI: "https://notes.example/oidc/callback")
            await browser.forget("quill_oidc_state")
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains("another browser"))
            #expect(await browser.cookies["quill_session"] == nil)
            #expect(await provider.redeemed.isEmpty, "the code was not even redeemed")
        }
    }

    @Test(arguments: [
        ("iss", ClaimValue.string("https://evil.example")), ("aud", .string("another-client")), ("nonce", .string("replayed")),
        ("exp", .number(WebTestServer.start.timeIntervalSince1970 - 61)), ("iat", .number(WebTestServer.start.timeIntervalSince1970 + 61)),
        ("azp", .string("another-client")),
    ])
    func anIDTokenThatIsNotForThisSignInIsRefused(_ claim: String, _ value: ClaimValue) async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        _ = try await server.store.linkIdentity(ProviderIdentity(issuer: Self.issuer, subject: "sub-ann"), toAccountNamed: "alice", at: WebTestServer.start)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization, extra: [claim: value]),
                                                redirectURI: "https://notes.example/oidc/callback")
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .unauthorized, "\(claim)")
            #expect(await browser.cookies["quill_session"] == nil)
        }
    }

    @Test func nobodyGetsInByDefaultAndThePageNamesTheSubjectToLink() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization, subject: "stranger",
                                                                    extra: ["email": .string("eve@example.com"), "email_verified": .bool(true)]),
                                                redirectURI: "https://notes.example/oidc/callback")
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .forbidden)
            #expect(answer.text.contains("eve@example.com") && answer.text.contains("stranger"))
            #expect(await browser.cookies["quill_session"] == nil)
        }
    }

    @Test func aListedVerifiedAddressWithoutAccountIsToldToAskForALink() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(emails: ["Ann@Example.com"]), provider: provider)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization, extra: ["email": .string("ann@example.com"), "email_verified": .bool(true)]),
                                                redirectURI: "https://notes.example/oidc/callback")
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .forbidden)
            #expect(answer.text.contains("quill-server account link NAME --oidc-subject sub-ann"))
        }
    }

    @Test func anUnverifiedListedAddressIsNotLetIn() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(emails: ["ann@example.com"], create: true), provider: provider)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization, extra: ["email": .string("ann@example.com"), "email_verified": .bool(false)]),
                                                redirectURI: "https://notes.example/oidc/callback")
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .forbidden)
            #expect(try await server.store.accountSummaries().count == 2, "no account was made")
        }
    }

    @Test func aGroupMemberGetsAnAccountMadeOnceFromUserinfoClaims() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(groups: ["notes"], create: true), provider: provider)
        try await server.test { browser in
            for _ in 0..<2 {
                let authorization = try await Self.start(browser)
                // The ID token lacks the groups and the name; userinfo has them (for the same subject).
                let code = await provider.issueCode(
                    claims: Self.claims(authorization, subject: "sub-çé"), redirectURI: "https://notes.example/oidc/callback",
                    userInfo: IdentityClaims(["sub": .string("sub-çé"), "groups": .array([.string("staff"), .string("notes")]),
                                              "preferred_username": .string("Alice")]))
                let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
                #expect(answer.status == .ok)
                #expect(try await browser.get("/").text.contains("alice-2"), "alice is taken: the next free name")
                await browser.forget("quill_session")
            }
            #expect(try await server.store.accountSummaries().map(\.account.name).sorted() == ["alice", "alice-2", "bob"], "made once")
            #expect(try await server.store.account(linkedTo: ProviderIdentity(issuer: Self.issuer, subject: "sub-çé"))?.name == "alice-2")
        }
    }

    @Test func userinfoOfAnotherSubjectIsNotUsed() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(groups: ["notes"], create: true), provider: provider)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization), redirectURI: "https://notes.example/oidc/callback",
                                                userInfo: IdentityClaims(["sub": .string("someone-else"), "groups": .array([.string("notes")])]))
            let answer = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .forbidden)
        }
    }

    @Test func signingOutEndsTheSessionAndTheProviders() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        _ = try await server.store.linkIdentity(ProviderIdentity(issuer: Self.issuer, subject: "sub-ann"), toAccountNamed: "alice", at: WebTestServer.start)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let code = await provider.issueCode(claims: Self.claims(authorization), redirectURI: "https://notes.example/oidc/callback")
            _ = try await browser.get("/oidc/callback?code=\(code)&state=\(Self.query(authorization, "state") ?? "")")
            let list = try await browser.get("/")
            let answer = try await browser.post("/logout", [("csrf", try list.csrf())])
            #expect(answer.status == .ok, "a page that moves on: a form's redirect to another site is stopped by form-action 'self'")
            let refresh = try #require(answer.text.range(of: #"content="0; url="#)?.upperBound)
            let location = String(answer.text[refresh...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            let logout = try #require(URLComponents(string: location))
            #expect(logout.host == "id.example" && logout.path == "/logout")
            #expect(Self.query(logout, "id_token_hint") == "id-token-for-sub-ann")
            #expect(Self.query(logout, "post_logout_redirect_uri") == "https://notes.example/login")
            #expect(try await server.sessions.sessions(account: AccountID(1), at: WebTestServer.start).isEmpty)
            #expect(try await browser.get("/").status == .seeOther)
        }
    }

    @Test func theSignInPageOffersTheProviderBesideTheTokenForm() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        try await server.test { browser in
            let page = try await browser.get("/login?next=%2Fdevice")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<a class="button" href="/oidc/start?next=%2Fdevice">Sign in with id.example</a>"#))
            #expect(page.text.contains(#"name="token""#))
            // A token still signs in.
            #expect(try await browser.signIn(server.alice).status == .seeOther)
        }
    }

    @Test func withTheProviderDownThePageSaysSoAndTokensStillWork() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        await provider.setReachable(false)
        let server = try await Self.server(Self.settings(), provider: provider)
        try await server.test { browser in
            let page = try await browser.get("/login")
            #expect(page.status == .ok)
            #expect(page.text.contains("cannot be reached right now"))
            #expect(!page.text.contains("Sign in with id.example"))
            #expect(try await browser.signIn(server.alice).status == .seeOther)
        }
    }

    @Test func oidcOnlyGoesStraightToTheProviderAndRefusesTokens() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(only: true), provider: provider)
        try await server.test { browser in
            let page = try await browser.get("/login?next=%2Fdevices")
            #expect(page.status == .seeOther)
            #expect(page.location?.hasPrefix("https://id.example/authorize?") == true)
            let signedOut = try await browser.get("/login?signed-out=1")
            #expect(signedOut.status == .ok, "after signing out, the page does not send the person straight back")
            #expect(!signedOut.text.contains(#"name="token""#))
            let refused = try await browser.post("/login", [("token", server.alice.description), ("csrf", "x")])
            #expect(refused.status == .forbidden)
            #expect(await browser.cookies["quill_session"] == nil)
            await provider.setReachable(false)
            let down = try await browser.get("/login")
            #expect(down.status == .serviceUnavailable)
            #expect(down.text.contains("cannot be reached right now") && down.text.contains("Try again in a minute"))
            #expect(!down.text.contains(#"name="token""#))
        }
    }

    @Test func theProviderTurningTheSignInDownIsShownWithItsWords() async throws {
        let provider = InMemoryIdentityProvider(issuer: Self.issuer)
        let server = try await Self.server(Self.settings(), provider: provider)
        try await server.test { browser in
            let authorization = try await Self.start(browser)
            let answer = try await browser.get("/oidc/callback?error=access_denied&error_description=The+user+cancelled&state=\(Self.query(authorization, "state") ?? "")")
            #expect(answer.status == .unauthorized)
            #expect(answer.text.contains("access_denied: The user cancelled"))
        }
    }
}
