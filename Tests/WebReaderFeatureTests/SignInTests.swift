import Foundation
import Hummingbird
import HummingbirdTesting
import ServerStoreInterface
import StandardInterfaces
import Testing

@Suite struct SignInTests {
    @Test func theSignInFormHasALabelledTokenFieldAndAFormToken() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            let page = try await browser.get("/login")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<label for="token">API token</label>"#))
            #expect(page.text.contains(#"id="token" name="token" type="password""#))
            #expect(page.text.contains(#"<button type="submit">Sign in</button>"#))
            #expect(try page.csrf() == (await browser.cookies["quill_login_csrf"]))
        }
    }

    @Test func aValidTokenOpensASessionWithAStrictHttpOnlyExpiringCookie() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "First note")
        try await server.test { browser in
            let answer = try await browser.signIn(server.alice)
            #expect(answer.status == .seeOther)
            #expect(answer.location == "/")
            let cookie = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix("quill_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Max-Age=43200"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"), "a plain HTTP request gets no Secure cookie")
            let list = try await browser.get("/")
            #expect(list.status == .ok)
            #expect(list.text.contains("First note"))
            #expect(list.text.contains("alice"))
        }
    }

    @Test func theServerKeepsOnlyAHashOfTheSessionSecret() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let secret = try #require(await browser.cookies["quill_session"])
            // MarkerTokenHasher's hash of the secret finds the session; the secret itself does not.
            #expect(try await server.sessions.session(secretHash: TokenHash(bytes: Array("hashed:\(secret)".utf8)), at: WebTestServer.start) != nil)
            #expect(try await server.sessions.session(secretHash: TokenHash(bytes: Array(secret.utf8)), at: WebTestServer.start) == nil)
        }
    }

    @Test(arguments: ["quill_00000000000000ff_nope", "not a token", ""])
    func anInvalidTokenIsRefusedAndOpensNoSession(_ token: String) async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            let form = try await browser.get("/login")
            let answer = try await browser.post("/login", [("token", token), ("csrf", try form.csrf())])
            #expect(answer.status == (token.isEmpty ? .badRequest : .unauthorized))
            #expect(answer.text.contains(#"role="alert""#))
            #expect(await browser.cookies["quill_session"] == nil)
            #expect(try await browser.get("/").location == "/login")
        }
    }

    @Test func signingInWithoutTheFormsTokenIsRefused() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            _ = try await browser.get("/login")
            let answer = try await browser.post("/login", [("token", server.alice.description), ("csrf", "forged")])
            #expect(answer.status == .forbidden)
            await browser.forget("quill_login_csrf")
            let noCookie = try await browser.post("/login", [("token", server.alice.description), ("csrf", "")])
            #expect(noCookie.status == .forbidden)
            #expect(await browser.cookies["quill_session"] == nil)
        }
    }

    @Test func everyPageButSignInNeedsASession() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Mine")
        try await server.test { browser in
            for path in ["/", "/notes/new", "/notes/a1", "/notes/a1/edit", "/notes/a1/delete", "/export", "/?q=x"] {
                let answer = try await browser.get(path)
                #expect(answer.status == .seeOther, "\(path)")
                let back = path == "/" ? "/login" : "/login?next=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                #expect(answer.location == back, "\(path): the sign-in leads back to it")
            }
            for path in ["/notes/new", "/notes/a1/edit", "/notes/a1/delete"] {
                let answer = try await browser.post(path, [("title", "x"), ("csrf", "x"), ("revision", "1")])
                #expect(answer.status == .forbidden, "\(path)")
            }
            #expect(try await server.store.note(try #require(.init("a1")), account: AccountID(1))?.isDeleted == false)
        }
    }

    @Test func signingOutEndsTheSessionOnTheServer() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let secret = try #require(await browser.cookies["quill_session"])
            let page = try await browser.get("/")
            #expect(page.text.contains(#"<button type="submit">Sign out</button>"#))
            let out = try await browser.post("/logout", [("csrf", try page.csrf())])
            #expect(out.status == .seeOther)
            #expect(out.location == "/login?signed-out=1")
            #expect(await browser.cookies["quill_session"] == nil)
            // The old cookie, replayed, no longer works: the session is gone from the server.
            await browser.setCookie("quill_session", secret)
            #expect(try await browser.get("/").location == "/login")
        }
    }

    @Test func signingOutNeedsTheFormToken() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let answer = try await browser.post("/logout", [("csrf", "forged")])
            #expect(answer.status == .forbidden)
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test func anExpiredSessionIsRefused() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            server.clock.advance(by: 12 * 3600 - 1)
            #expect(try await browser.get("/").status == .ok)
            server.clock.advance(by: 1)
            #expect(try await browser.get("/").location == "/login")
        }
    }

    @Test func revokingTheTokenEndsTheSessionsOpenedWithIt() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            #expect(try await browser.get("/").status == .ok)
            #expect(try await server.registration.revoke(server.alice.description))
            #expect(try await browser.get("/").location == "/login")
        }
    }

    @Test func revokingTheAccountsSessionsSignsItOutEverywhere() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            #expect(try await server.sessions.deleteSessions(account: AccountID(1)) == 1)
            #expect(try await browser.get("/").location == "/login")
        }
    }

    @Test func aRequestFromATrustedProxyOverHTTPSGetsASecureCookie() async throws {
        let server = try await WebTestServer.make(trustedProxies: ["127.0.0.1"])
        try await server.test(.live) { browser in
            let form = try await browser.get("/login")
            let https: HTTPFields = [HTTPFields.Element.Name("X-Forwarded-Proto")!: "https"]
            let answer = try await browser.post("/login", [("token", server.alice.description), ("csrf", try form.csrf())], headers: https)
            let cookie = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix("quill_session=") })
            #expect(cookie.contains("Secure"))
        }
        let untrusting = try await WebTestServer.make(trustedProxies: ["10.9.9.9"])
        try await untrusting.test(.live) { browser in
            let form = try await browser.get("/login")
            let https: HTTPFields = [HTTPFields.Element.Name("X-Forwarded-Proto")!: "https"]
            let answer = try await browser.post("/login", [("token", untrusting.alice.description), ("csrf", try form.csrf())], headers: https)
            let cookie = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix("quill_session=") })
            #expect(!cookie.contains("Secure"), "X-Forwarded-Proto from an untrusted peer is ignored")
        }
    }
}
