import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerStoreInterface
import ServerStoreTesting
import Testing

@Suite struct NotePagesTests {
    @Test func theListIsNewestFirstPagedWithTagLinks() async throws {
        let server = try await WebTestServer.make() // 3 notes a page
        for minute in 1...5 { try await server.note("a\(minute)", "Note \(minute)", tags: minute == 4 ? ["work"] : [], minutes: Double(minute)) }
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let first = try await browser.get("/")
            let titles = first.text.matches(of: /class="title" dir="auto" href="\/notes\/(a\d)"/).map { String($0.1) }
            #expect(titles == ["a5", "a4", "a3"])
            #expect(first.text.contains(#"<a class="tag" href="/?tag=work">#work</a>"#))
            #expect(first.text.contains(#"<a rel="next" href="/?after=a3">Older notes</a>"#))
            let second = try await browser.get("/?after=a3")
            #expect(second.text.matches(of: /class="title" dir="auto" href="\/notes\/(a\d)"/).map { String($0.1) } == ["a2", "a1"])
            #expect(!second.text.contains("Older notes"))
        }
    }

    /// The list keeps each note's rendered row: a new revision must show, and the same note ID
    /// in another account is another note.
    @Test func theListShowsANotesNewRevisionAndEachAccountsOwnNote() async throws {
        let server = try await WebTestServer.make()
        let note = try await server.note("a1", "First title", tags: ["old"])
        try await server.note("a1", "Bob's own", account: "bob")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            #expect(try await browser.get("/").text.contains(">First title</a>"))
            let bob = Browser(client: browser.client)
            try await bob.signIn(server.bob)
            let bobs = try await bob.get("/").text
            #expect(bobs.contains(#"<a class="title" dir="auto" href="/notes/a1">Bob&#39;s own</a>"#) && !bobs.contains("First title"))
            let changed = try Note(id: note.id, title: "Second <title>", body: "text", tags: Tag.normalize(["new"]), created: note.created,
                                   updated: note.updated.addingTimeInterval(60))
            _ = try await server.store.replace(changed, account: AccountID(1), ifRevision: note.revision, origin: .api)
            let page = try await browser.get("/").text
            #expect(page.contains(#"<a class="title" dir="auto" href="/notes/a1">Second &lt;title&gt;</a>"#))
            #expect(page.contains(#"<a class="tag" href="/?tag=new">#new</a>"#))
            #expect(!page.contains("First title") && !page.contains("#old"))
            #expect(try await bob.get("/").text.contains(#"<a class="title" dir="auto" href="/notes/a1">Bob&#39;s own</a>"#))
        }
    }

    @Test func theTagFilterAndTheSearchBoxNarrowTheList() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Groceries", body: "coffee and bread", tags: ["home"])
        try await server.note("a2", "Meeting", body: "ship the server", tags: ["work"])
        try await server.note("a3", "Coffee beans", body: "order more", tags: ["work"])
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let tagged = try await browser.get("/?tag=work")
            #expect(tagged.text.contains("Meeting") && tagged.text.contains("Coffee beans") && !tagged.text.contains("Groceries"))
            #expect(tagged.text.contains("Notes tagged #work"))
            let searched = try await browser.get("/?q=COFFEE")
            #expect(searched.text.contains("Groceries") && searched.text.contains("Coffee beans") && !searched.text.contains("Meeting"))
            #expect(searched.text.contains(#"<input id="q" name="q" type="search" dir="auto" value="COFFEE">"#))
            let both = try await browser.get("/?q=coffee&tag=work")
            #expect(both.text.contains("Coffee beans") && !both.text.contains("Groceries"))
            let none = try await browser.get("/?q=nothing+matches")
            #expect(none.text.contains("No notes here."))
            #expect(try await browser.get("/?tag=two%20words").status == .badRequest)
            #expect(try await browser.get("/?after=XYZ").status == .badRequest)
        }
    }

    /// The search box speaks `quill search`'s language (the server's search, ranked): whole
    /// words, prefixes, "phrases", tag:x, without regard to case or diacritics.
    @Test func theSearchBoxTakesTheSearchLanguage() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Café au lait", body: "a morning drink", tags: ["home"])
        try await server.note("a2", "Cafeteria menu", body: "the morning list", tags: ["work"])
        try await server.note("a3", "Evening", body: "drink a morning coffee", tags: ["work"])
        try await server.test { browser in
            try await browser.signIn(server.alice)
            func titles(_ path: String) async throws -> Set<String> {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path): \(page.status)")
                return Set(page.text.matches(of: /class="title" dir="auto" href="\/notes\/(a\d)"/).map { String($0.1) })
            }
            #expect(try await titles("/?q=cafe") == ["a1"], "a whole word, diacritics ignored")
            #expect(try await titles("/?q=caf*") == ["a1", "a2"])
            #expect(try await titles("/?q=%22morning+drink%22") == ["a1"], "a phrase is words in a row")
            #expect(try await titles("/?q=morning+tag%3Awork") == ["a2", "a3"])
            let invalid = try await browser.get("/?q=tag%3Aa%2Cb")
            #expect(invalid.status == .badRequest && invalid.text.contains("is not one Quill can run"))
            let long = try await browser.get("/?q=" + String(repeating: "word+", count: 300))
            #expect(long.status == .badRequest && long.text.contains("“" + String(repeating: "word ", count: 16) + "…” is not one Quill can run: the search is longer than"),
                    "\(long.text)")
        }
    }

    @Test func aNoteShowsRenderedMarkdownDatesAndTags() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Plan", body: "# Heading\n\nSome **bold** text and a [link](https://example.com).", tags: ["work", "q1"])
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let page = try await browser.get("/notes/a1")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1 dir=\"auto\" id=\"h-heading\">Heading</h1>"))
            #expect(page.text.contains("<strong>bold</strong>"))
            #expect(page.text.contains(#"<a href="https://example.com">link</a>"#))
            #expect(page.text.contains(#"<time datetime="2026-01-01T00:00:00Z">2026-01-01 00:00 UTC</time>"#))
            #expect(page.text.contains(#"href="/?tag=q1">#q1</a>"#))
            #expect(page.text.contains(#"<a href="/notes/a1/edit">Edit</a>"#))
        }
    }

    @Test func anotherAccountsNoteADeletedNoteAndNoNoteAreAll404() async throws {
        let server = try await WebTestServer.make()
        try await server.note("b1", "Bob's secret", account: "bob")
        let deleted = try await server.note("a9", "Gone")
        _ = try await server.store.delete(deleted.id, account: AccountID(1), ifRevision: 1, at: WebTestServer.start, origin: .api)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            for path in ["/notes/b1", "/notes/b1/edit", "/notes/b1/delete", "/notes/a9", "/notes/a9/edit", "/notes/ffff", "/notes/NOT-AN-ID"] {
                let answer = try await browser.get(path)
                #expect(answer.status == .notFound, "\(path)")
                #expect(!answer.text.contains("Bob's secret"))
                #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
            }
            let page = try await browser.get("/")
            let post = try await browser.post("/notes/b1/edit", [("title", "mine now"), ("body", ""), ("tags", ""), ("revision", "1"),
                                                                ("csrf", try page.csrf())])
            #expect(post.status == .notFound)
            #expect(try await browser.post("/notes/b1/delete", [("revision", "1"), ("csrf", try page.csrf())]).status == .notFound)
            #expect(try await server.store.note(try #require(NoteID("b1")), account: AccountID(2))?.title == "Bob's secret")
        }
    }

    /// A page's status for a store failure is the one the API answers it with (`APIErrorMapping`),
    /// and its words say what happened without the store's own message.
    @Test(arguments: [
        (ServerStoreError.storageFull("SQLite error 13: database or disk is full"), 507, "disk is full, so nothing was saved"),
        (ServerStoreError.unavailable("connection refused"), 503, "cannot be reached right now"),
        (ServerStoreError.notFound(NoteID("a1")!), 404, "There is no such note."),
        (ServerStoreError.corrupt("note a1: the title is empty"), 500, "Something went wrong on the server; nothing was changed"),
    ])
    func aSaveThatTheStoreRefusesIsAnsweredAsTheAPIAnswersIt(failure: ServerStoreError, status: Int, words: String) async throws {
        let server = try await WebTestServer.make(notes: { FailingServerStore(wrapping: $0, failing: [.replace, .create], with: failure) })
        try await server.note("a1", "Kept")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            let saved = try await browser.post("/notes/a1/edit", [("title", "Lost?"), ("body", "typed"), ("tags", ""), ("revision", "1"),
                                                                 ("csrf", try form.csrf())])
            #expect(saved.status.code == status)
            #expect(saved.text.contains(words))
            #expect(!saved.text.contains(failure.description))
            #expect(try await server.store.note(try #require(NoteID("a1")), account: AccountID(1))?.title == "Kept")
        }
    }

    @Test func creatingANoteThroughTheForm() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/new")
            for (label, id) in [("Title", "title"), ("Body (Markdown)", "body"), ("Tags (separated by spaces or commas)", "tags")] {
                #expect(form.text.contains(#"<label for="\#(id)">\#(label)</label>"#))
            }
            #expect(form.text.contains(#"<button type="submit">Create note</button>"#))
            let created = try await browser.post("/notes/new", [("title", "From the web"), ("body", "Hello *there*"), ("tags", "web, Test"),
                                                                ("csrf", try form.csrf())])
            #expect(created.status == .seeOther)
            let location = try #require(created.location)
            let page = try await browser.get(location)
            #expect(page.text.contains("<h1 dir=\"auto\">From the web</h1>"))
            #expect(page.text.contains("<em>there</em>"))
            #expect(page.text.contains("#test") && page.text.contains("#web"))
            #expect(try await browser.get("/").text.contains("From the web"))
        }
    }

    @Test func aRefusedNoteKeepsWhatWasTyped() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/new")
            let answer = try await browser.post("/notes/new", [("title", "  "), ("body", "keep <this> text"), ("tags", "ok"), ("csrf", try form.csrf())])
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains(#"id="error""#) && answer.text.contains("Title:"))
            #expect(answer.text.contains("keep &lt;this&gt; text"))
        }
    }

    @Test func everyFormRefusesAMissingOrForgedTokenAndAForeignOrigin() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Keep me")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let token = try await browser.get("/").csrf()
            let forms: [(String, [(String, String)])] = [
                ("/notes/new", [("title", "x"), ("body", ""), ("tags", "")]),
                ("/notes/a1/edit", [("title", "changed"), ("body", ""), ("tags", ""), ("revision", "1")]),
                ("/notes/a1/delete", [("revision", "1")]),
                ("/notes/a1/restore", [("revision", "1"), ("current", "1")]),
                ("/logout", []),
            ]
            for (path, fields) in forms {
                #expect(try await browser.post(path, fields).status == .forbidden, "\(path) without a token")
                #expect(try await browser.post(path, fields + [("csrf", "forged")]).status == .forbidden, "\(path) forged")
                let foreign: HTTPFields = [.origin: "https://evil.example"]
                #expect(try await browser.post(path, fields + [("csrf", token)], headers: foreign).status == .forbidden, "\(path) origin")
            }
            let note = try await server.store.note(try #require(NoteID("a1")), account: AccountID(1))
            #expect(note?.title == "Keep me" && note?.isDeleted == false)
            #expect(try await server.store.notes(account: AccountID(1), after: nil, limit: 10).notes.count == 1)
            #expect(try await browser.get("/").status == .ok, "still signed in")
        }
    }

    @Test func editingWithTheRevisionSaves() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Draft", body: "old", tags: ["x"])
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            #expect(try form.field("revision") == "1")
            #expect(try form.field("title") == "Draft")
            #expect(form.text.contains(#"<button type="submit">Save</button>"#))
            let saved = try await browser.post("/notes/a1/edit", [("title", "Final"), ("body", "new"), ("tags", "x y"), ("revision", "1"),
                                                                  ("csrf", try form.csrf())])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/notes/a1")
            let id = try #require(NoteID("a1"))
            let note = try #require(try await server.store.note(id, account: AccountID(1)))
            #expect(note.title == "Final" && note.body == "new" && note.revision == 2 && note.tags.map(\.rawValue) == ["x", "y"])
        }
    }

    @Test func aStaleEditShowsBothVersionsAndOverwritesNothing() async throws {
        let server = try await WebTestServer.make()
        let original = try await server.note("a1", "Shared", body: "v1")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            // Another device changes the note meanwhile.
            let theirs = try original.revised(body: "their change", at: WebTestServer.start.addingTimeInterval(5))
            _ = try await server.store.replace(theirs, account: AccountID(1), ifRevision: 1, origin: .api)
            let answer = try await browser.post("/notes/a1/edit", [("title", "Shared"), ("body", "my change"), ("tags", ""), ("revision", "1"),
                                                                   ("csrf", try form.csrf())])
            #expect(answer.status == .conflict)
            #expect(answer.text.contains(#"<section id="server-version""#) && answer.text.contains("their change"))
            #expect(answer.text.contains(#"<section id="your-version""#) && answer.text.contains("my change"))
            #expect(try answer.field("revision") == "2", "saving again is a deliberate choice over the server's revision")
            let stored = try #require(try await server.store.note(original.id, account: AccountID(1)))
            #expect(stored.body == "their change" && stored.revision == 2)
        }
    }

    @Test func aStaleEditOfOtherLinesIsMergedWithTheNewerVersion() async throws {
        let server = try await WebTestServer.make()
        let original = try await server.note("a1", "Shared", body: "one\ntwo\nthree\n")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            let theirs = try original.revised(body: "one\ntwo\nTHREE\n", at: WebTestServer.start.addingTimeInterval(5))
            _ = try await server.store.replace(theirs, account: AccountID(1), ifRevision: 1, origin: .api)
            let answer = try await browser.post("/notes/a1/edit", [("title", "Shared"), ("body", "ONE\ntwo\nthree\n"), ("tags", ""),
                                                                   ("revision", "1"), ("csrf", try form.csrf())])
            #expect(answer.status == .seeOther && answer.location == "/notes/a1")
            let stored = try #require(try await server.store.note(original.id, account: AccountID(1)))
            #expect(stored.body == "ONE\ntwo\nTHREE\n" && stored.revision == 3)
            let history = try await browser.get("/notes/a1/history")
            #expect(history.text.contains("web reader, merged from 1"), "\(history.text)")
        }
    }

    @Test func deletingAsksFirstThenDeletes() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Doomed")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let confirm = try await browser.get("/notes/a1/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains(#"<button type="submit" class="danger">Delete note</button>"#))
            #expect(try await server.store.note(try #require(NoteID("a1")), account: AccountID(1))?.isDeleted == false, "asking deletes nothing")
            let deleted = try await browser.post("/notes/a1/delete", [("revision", try confirm.field("revision")), ("csrf", try confirm.csrf())])
            #expect(deleted.status == .seeOther)
            #expect(deleted.location == "/")
            #expect(try await browser.get("/notes/a1").status == .notFound)
            #expect(!(try await browser.get("/").text.contains("Doomed")))
        }
    }

    @Test func aStaleDeleteDeletesNothing() async throws {
        let server = try await WebTestServer.make()
        let note = try await server.note("a1", "Changing")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let confirm = try await browser.get("/notes/a1/delete")
            _ = try await server.store.replace(try note.revised(body: "new", at: WebTestServer.start), account: AccountID(1), ifRevision: 1, origin: .api)
            let answer = try await browser.post("/notes/a1/delete", [("revision", "1"), ("csrf", try confirm.csrf())])
            #expect(answer.status == .conflict)
            #expect(try await server.store.note(note.id, account: AccountID(1))?.isDeleted == false)
        }
    }

    @Test func theExportDownloadsTheAccountsNotes() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Exported")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let answer = try await browser.get("/export")
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType] == "application/gzip")
            #expect(answer.headers[.contentDisposition] == #"attachment; filename="quill-export.tar.gz""#)
            #expect(Array(answer.body.readableBytesView.prefix(2)) == [0x1f, 0x8b])
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Any")
        try await server.test { browser in
            var responses = [try await browser.get("/login"), try await browser.get("/"), try await browser.get("/static/quill.css")]
            responses.append(try await browser.signIn(server.alice))
            for path in ["/", "/?q=a", "/notes/new", "/notes/a1", "/notes/a1/edit", "/notes/a1/delete", "/notes/ffff", "/export", "/static/quill.css"] {
                responses.append(try await browser.get(path))
            }
            responses.append(try await browser.post("/notes/new", [("csrf", "forged")]))
            for response in responses {
                #expect(response.headers[HTTPFields.Element.Name("Content-Security-Policy")!]
                    == "default-src 'none'; script-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
                        + "style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
                #expect(response.headers[HTTPFields.Element.Name("X-Content-Type-Options")!] == "nosniff")
                #expect(response.headers[HTTPFields.Element.Name("Referrer-Policy")!] == "same-origin")
            }
        }
    }

    @Test func pagesHaveLandmarksAndOnlyTheirOneScript() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Any")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            for path in ["/", "/notes/new", "/notes/a1", "/notes/a1/edit", "/notes/a1/delete"] {
                let page = try await browser.get(path)
                #expect(page.text.contains("<header") && page.text.contains("<nav") && page.text.contains(#"<main id="main">"#), "\(path)")
                #expect(page.text.contains(#"<html lang="en">"#))
                // The one script, from this site; no inline script (the CSP would refuse it).
                let scripts = page.text.lowercased().components(separatedBy: "<script").count - 1
                #expect(scripts == 1 && page.text.contains(#"<script src="/static/quill.js" defer></script>"#), "\(path)")
                #expect(!page.text.contains("style="), "\(path): inline styles break the CSP")
            }
        }
    }

    @Test func titlesAndTagsAreEscapedEverywhere() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", #"<script>alert("t")</script> & 'q'"#, tags: [#"<b>"#])
        try await server.test { browser in
            try await browser.signIn(server.alice)
            for path in ["/", "/notes/a1", "/notes/a1/edit", "/notes/a1/delete", "/?q=%3Cscript%3E", "/?tag=%3Cb%3E"] {
                let page = try await browser.get(path)
                #expect(!page.text.contains("<script>"), "\(path)")
                #expect(!page.text.contains("<b>"), "\(path)")
            }
            #expect(try await browser.get("/notes/a1").text.contains("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &#39;q&#39;"))
        }
    }
}
