import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import Testing

/// A note page shows links between notes as links to their pages, a broken one as such, and
/// ends with the notes that link to it (docs/links.md); no page shows a wikilink's brackets.
@Suite struct LinkPageTests {
    @Test func wikilinksLeadToTheirNotesAndThePageEndsWithItsBacklinks() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Home", body: "See [[Plan|the plan]], [[Missing note]] and `[[code]]`.")
        try await server.note("a2", "Plan", body: "---\naliases: [Roadmap]\n---\nBack [[home]].\n\nAlso [[Roadmap#Top]].")
        try await server.note("b1", "Bob's", body: "[[Home]]", account: "bob")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let home = try await browser.get("/notes/a1").text
            #expect(home.contains("<a href=\"/notes/a2\">the plan</a>"))
            #expect(home.contains("<a href=\"/notes/new?title=Missing%20note\">Missing note</a>"))
            #expect(home.contains("<code>[[code]]</code>"))
            #expect(home.contains("Linked from"))
            #expect(home.contains("<a dir=\"auto\" href=\"/notes/a2\">Plan</a> <span class=\"context\" dir=\"auto\">Back [[home]].</span>"))
            #expect(!home.contains("Bob"), "another account's links are not there")
            let plan = try await browser.get("/notes/a2").text
            #expect(plan.contains("<a href=\"/notes/a1\">home</a>") && plan.contains("<a href=\"/notes/a2#h-top\">Roadmap#Top</a>"))
            let create = try await browser.get("/notes/new?title=Missing%20note").text
            #expect(create.contains("value=\"Missing note\""))
            let delete = try await browser.get("/notes/a1/delete").text
            #expect(!delete.contains("[[Plan"), "without resolutions a wikilink shows its text")
        }
    }
}

extension LinkPageTests {
    @Test func aRenameInTheEditFormKeepsTheOldTitleAsAnAlias() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Plan", body: "Steps.")
        try await server.note("a2", "Index", body: "See [[plan]].")
        try await server.note("a3", "Lonely", body: "Nothing links here.")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            for (id, title) in [("a1", "Project plan"), ("a3", "Still lonely")] {
                let form = try await browser.get("/notes/\(id)/edit")
                let saved = try await browser.post("/notes/\(id)/edit", [("title", title), ("body", "Changed."), ("tags", ""), ("revision", "1"),
                                                                         ("csrf", try form.csrf())])
                #expect(saved.status == .seeOther)
            }
            let index = try await browser.get("/notes/a2").text
            #expect(index.contains("<a href=\"/notes/a1\">plan</a>"), "the link still reaches the renamed note")
        }
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        #expect(try await server.store.note(try #require(NoteID("a1")), account: account.id)?.body == "---\naliases: [\"Plan\"]\n---\nChanged.")
        #expect(try await server.store.note(try #require(NoteID("a3")), account: account.id)?.body == "Changed.")
    }
}
