import Foundation
import Hummingbird
import HummingbirdTesting
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import Testing

/// `/device` and `/devices` (docs/signin.md): a signed-in person approves or denies a device, gives
/// no more than the session holds, and sees and revokes the account's sessions and tokens; wrong
/// codes and wrong sign-in tokens are slowed down.
@Suite struct DeviceApprovalTests {
    func start(_ server: WebTestServer, scope: String = "full") async throws -> DeviceLogin.Started {
        try await DeviceLogin(dependencies: server.web.server).start(name: "quill on laptop <b>", scope: scope, from: "192.0.2.7")
    }

    @Test func theSignInLeadsBackToTheDevicePageWhereTheDeviceIsApproved() async throws {
        let server = try await WebTestServer.make()
        let started = try await start(server)
        let code = DeviceLoginRules.display(started.authorization.userCode)
        try await server.test { browser in
            let away = try await browser.get("/device?code=\(code)")
            #expect(away.location == "/login?next=" + Browser.encoded("/device?code=\(code)"))
            let form = try await browser.get(try #require(away.location))
            #expect(try form.field("next") == "/device?code=\(code)")
            let signedIn = try await browser.post("/login", [("token", server.alice.description), ("csrf", try form.csrf()), ("next", "/device?code=\(code)")])
            #expect(signedIn.location == "/device?code=\(code)")

            let page = try await browser.get("/device?code=\(code.lowercased())")
            #expect(page.status == .ok)
            #expect(page.text.contains("quill on laptop &lt;b&gt;") && page.text.contains("192.0.2.7") && page.text.contains("alice"))
            let decided = try await browser.post("/device", [("csrf", try page.csrf()), ("code", try page.field("code")), ("scope", "full"),
                                                             ("lifetime", "1"), ("decision", "approve")])
            #expect(decided.status == .ok && decided.text.contains("is signed in"))
            let again = try await browser.post("/device", [("csrf", try page.csrf()), ("code", try page.field("code")), ("scope", "full"),
                                                           ("lifetime", "1"), ("decision", "deny")])
            #expect(again.status == .conflict, "decided once")
        }
        let polled = try await DeviceLogin(dependencies: server.web.server).poll(deviceCode: started.deviceCode)
        let token = try #require(polled.token)
        guard case .approved(let account, let scope, let expires) = polled.answer else { Issue.record("not approved"); return }
        #expect(account.name == "alice" && scope == .full && expires == WebTestServer.start.addingTimeInterval(90 * 86_400))
        #expect(try await server.store.tokens(ofAccountNamed: "alice").contains { $0.id == token.id && $0.label == "quill on laptop <b>" })
    }

    @Test func aReadOnlySessionGrantsReadOnlyWhateverTheFormSays() async throws {
        let server = try await WebTestServer.make()
        let reader = try await server.registration.issueToken(forAccountNamed: "alice", scope: .readOnly)
        let started = try await start(server)
        try await server.test { browser in
            try await browser.signIn(reader)
            let page = try await browser.get("/device?code=\(started.authorization.userCode)")
            #expect(!page.text.contains(#"value="full""#), "read-write is not offered")
            _ = try await browser.post("/device", [("csrf", try page.csrf()), ("code", started.authorization.userCode), ("scope", "full"),
                                                   ("lifetime", "3"), ("decision", "approve")])
        }
        let polled = try await DeviceLogin(dependencies: server.web.server).poll(deviceCode: started.deviceCode)
        let alice = try #require(try await server.store.token(id: reader.id)).account
        #expect(polled.answer == .approved(account: alice, scope: .readOnly, tokenExpires: nil))
    }

    @Test func aDenialAForgedFormAndWrongCodesAreAnswered() async throws {
        let server = try await WebTestServer.make()
        let started = try await start(server)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let page = try await browser.get("/device?code=\(started.authorization.userCode)")
            let forged = try await browser.post("/device", [("csrf", "forged"), ("code", started.authorization.userCode), ("decision", "approve"),
                                                            ("lifetime", "0"), ("scope", "full")])
            #expect(forged.status == .forbidden)
            let denied = try await browser.post("/device", [("csrf", try page.csrf()), ("code", started.authorization.userCode), ("decision", "deny")])
            #expect(denied.text.contains("was denied"))
            for number in 0..<10 {
                let wrong = try await browser.get("/device?code=BCDF-GH\(number)\(number)")
                #expect(wrong.status == .notFound)
            }
            let slowed = try await browser.get("/device?code=BCDF-GHJK")
            #expect(slowed.status == .tooManyRequests && slowed.headers[.retryAfter] != nil)
        }
        #expect(try await DeviceLogin(dependencies: server.web.server).poll(deviceCode: started.deviceCode).answer == .denied)
    }

    @Test func theDevicesPageListsSessionsAndTokensAndRevokesThem() async throws {
        let server = try await WebTestServer.make()
        let laptop = try await server.registration.issueToken(forAccountNamed: "alice", label: "laptop")
        try await server.test { browser in
            try await browser.signIn(server.alice, userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
            let page = try await browser.get("/devices")
            #expect(page.text.contains("Firefox on Linux") && page.text.contains("(this browser)") && page.text.contains("laptop"))
            let revoked = try await browser.post("/devices/\(laptop.id.rawValue)/revoke", [("csrf", try page.csrf())])
            #expect(revoked.location == "/devices")
            #expect(try await server.store.token(id: laptop.id) == nil)
            let alice = try #require(try await server.store.token(id: server.alice.id)).account.id
            let own = try #require(try await server.sessions.sessions(account: alice, at: WebTestServer.start).first)
            let out = try await browser.post("/devices/s\(own.id)/revoke", [("csrf", try page.csrf())])
            #expect(out.location == "/login")
            #expect(try await browser.get("/devices").location == "/login?next=%2Fdevices", "signed out")
        }
    }

    @Test func wrongTokensAtTheSignInFormAreSlowedDown() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            for _ in 0..<20 {
                let form = try await browser.get("/login")
                let wrong = try await browser.post("/login", [("token", "quill_\(server.alice.id.rawValue)_wrong"), ("csrf", try form.csrf())])
                #expect(wrong.status == .unauthorized)
            }
            let form = try await browser.get("/login")
            let slowed = try await browser.post("/login", [("token", server.alice.description), ("csrf", try form.csrf())])
            #expect(slowed.status == .tooManyRequests && slowed.headers[.retryAfter] != nil, "even the right token waits")
        }
    }
}
