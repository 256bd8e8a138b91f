import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerStoreInterface
import Testing
import StandardInterfaces
import StandardTesting

/// The web reader with scoped tokens: a read-only token's session reads and searches but every
/// page and form that writes is refused, saying why; an expired token cannot sign in, and a
/// session ends when its token expires.
@Suite struct ScopedTokenPageTests {
    @Test func aReadOnlySessionReadsAndIsRefusedEveryWrite() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Keep me")
        let reader = try await server.registration.issueToken(forAccountNamed: "alice", scope: .readOnly)
        try await server.test { browser async throws in
            #expect(try await browser.signIn(reader).status == .seeOther)
            let list = try await browser.get("/")
            #expect(list.status == .ok && list.text.contains("Keep me"))
            let page = try await browser.get("/notes/a1")
            #expect(page.status == .ok && page.text.contains("/notes/a1/history"))
            for link in ["/notes/new", "/notes/a1/edit", "/notes/a1/delete"] {
                #expect(!page.text.contains("href=\"\(link)\""), "a read-only session is offered \(link)")
            }
            #expect(try await browser.get("/?q=keep").text.contains("Keep me"))
            let token = try list.csrf()
            for path in ["/notes/new", "/notes/a1/edit", "/notes/a1/delete"] {
                let page = try await browser.get(path)
                #expect(page.status == .forbidden && page.text.contains("read-only token"), "GET \(path)")
            }
            let forms: [(String, [(String, String)])] = [
                ("/notes/new", [("title", "x"), ("body", ""), ("tags", "")]),
                ("/notes/a1/edit", [("title", "changed"), ("body", ""), ("tags", ""), ("revision", "1")]),
                ("/notes/a1/delete", [("revision", "1")]),
                ("/notes/a1/restore", [("revision", "1"), ("current", "1")]),
            ]
            for (path, fields) in forms {
                let answer = try await browser.post(path, fields + [("csrf", token)])
                #expect(answer.status == .forbidden && answer.text.contains("read-only token"), "POST \(path)")
            }
            let note = try await server.store.note(try #require(NoteID("a1")), account: AccountID(1))
            #expect(note?.title == "Keep me" && note?.revision == 1)
            #expect(try await browser.post("/logout", [("csrf", token)]).status == .seeOther, "signing out is not a write")
        }
    }

    @Test func anExpiredTokenCannotSignInAndASessionEndsWithItsToken() async throws {
        let server = try await WebTestServer.make()
        let now = server.clock.now()
        let expiring = try await server.registration.issueToken(forAccountNamed: "alice", expires: now.addingTimeInterval(3600))
        try await server.test { browser async throws in
            #expect(try await browser.signIn(expiring).status == .seeOther)
            #expect(try await browser.get("/").status == .ok)
            server.clock.advance(by: 3600)
            #expect(try await browser.get("/").status == .seeOther, "the session ended with its token")
            #expect(try await browser.signIn(expiring).status != .seeOther, "an expired token signs in")
        }
    }
}
