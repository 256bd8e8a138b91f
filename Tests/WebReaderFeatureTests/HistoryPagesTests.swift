import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerStoreInterface
import Testing

/// The History page (revisions, a diff between any two, the restore form) and the Trash page.
@Suite struct HistoryPagesTests {
    /// A note at three revisions: "Plan" with "one\ntwo", then "two" → "2", then retitled.
    static func noteWithHistory(_ server: WebTestServer) async throws -> Note {
        let first = try await server.note("a1", "Plan", body: "one\ntwo\n")
        let second = try await server.store.replace(try first.revised(body: "one\n2\n", at: WebTestServer.start.addingTimeInterval(60)),
                                                    account: AccountID(1), ifRevision: 1, origin: .web)
        return try await server.store.replace(try second.revised(title: "Plans", at: WebTestServer.start.addingTimeInterval(120)),
                                              account: AccountID(1), ifRevision: 2, origin: .api)
    }

    @Test func theHistoryListsRevisionsAndShowsTheLastChangeByDefault() async throws {
        let server = try await WebTestServer.make()
        _ = try await Self.noteWithHistory(server)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            #expect(try await browser.get("/notes/a1").text.contains(#"<a href="/notes/a1/history">History</a>"#))
            let page = try await browser.get("/notes/a1/history")
            #expect(page.status == .ok)
            let rows = page.text.matches(of: /<tr><td>(\d+)[^<]*<\/td><td><time[^>]*>[^<]*<\/time><\/td><td>([^<]*)<\/td>/).map { "\($0.1) \($0.2)" }
            #expect(rows == ["3 API", "2 web reader", "1 created"])
            #expect(page.text.contains(#"<span class="removed">-title: Plan</span>"#))
            #expect(page.text.contains(#"<span class="added">+title: Plans</span>"#))
            let older = try await browser.get("/notes/a1/history?from=1&to=2").text
            #expect(older.contains(#"<span class="removed">-two</span>"#) && older.contains(#"<span class="added">+2</span>"#))
            #expect(try await browser.get("/notes/a1/history?from=9").status == .notFound)
        }
    }

    @Test func theRestoreFormMakesANewRevisionAndRefusesAStaleOne() async throws {
        let server = try await WebTestServer.make()
        let note = try await Self.noteWithHistory(server)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let page = try await browser.get("/notes/a1/history")
            #expect(try page.field("current") == "3")
            let restored = try await browser.post("/notes/a1/restore", [("revision", "1"), ("current", "3"), ("csrf", try page.csrf())])
            #expect(restored.status == .seeOther && restored.location == "/notes/a1")
            let now = try #require(try await server.store.note(note.id, account: AccountID(1)))
            #expect(now.revision == 4 && now.title == "Plan" && now.body == "one\ntwo\n")
            let stale = try await browser.post("/notes/a1/restore", [("revision", "2"), ("current", "3"), ("csrf", try page.csrf())])
            #expect(stale.status == .conflict)
            let unknown = try await browser.post("/notes/a1/restore", [("revision", "9"), ("current", "4"), ("csrf", try page.csrf())])
            #expect(unknown.status == .notFound)
            #expect(try await server.store.note(note.id, account: AccountID(1))?.revision == 4, "nothing more was written")
            let origins = try await server.store.history(of: note.id, account: AccountID(1)).map(\.origin)
            #expect(origins == [.restore(1), .api, .web, .created])
        }
    }

    @Test func aDeletedNoteIsInTheTrashAndComesBack() async throws {
        let server = try await WebTestServer.make()
        let note = try await Self.noteWithHistory(server)
        _ = try await server.store.delete(note.id, account: AccountID(1), ifRevision: 3, at: WebTestServer.start, origin: .web)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            #expect(try await browser.get("/notes/a1").status == .notFound)
            let trash = try await browser.get("/trash")
            #expect(trash.text.contains(#"<span class="title" dir="auto">Plans</span>"#))
            #expect(try trash.field("current") == "4")
            let back = try await browser.post("/notes/a1/restore", [("current", "4"), ("csrf", try trash.csrf())])
            #expect(back.status == .seeOther)
            let page = try await browser.get("/notes/a1")
            #expect(page.status == .ok && page.text.contains("Plans"))
            #expect(try await browser.get("/trash").text.contains("No deleted notes."))
            let bob = Browser(client: browser.client)
            try await bob.signIn(server.bob)
            #expect(try await bob.get("/notes/a1/history").status == .notFound, "another account's note")
        }
    }
}
