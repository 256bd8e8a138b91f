import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ChildProcesses
import Testing

extension SyncEndToEndTests {
    /// What a browser gets at `url`: the status and the page.
    func open(_ url: String, method: String = "GET", form: String? = nil, agent: String? = nil) async throws -> (status: Int, page: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let form {
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        if let agent { request.setValue(agent, forHTTPHeaderField: "User-Agent") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// `quill share` through the first server, the page opened through the last one, listed and
    /// revoked from the other home: a one-view link is used once, a revoked one is gone everywhere.
    func sharesTravel(alice: QuillHome, bob: QuillHome, servers: [ListeningServer]) async throws {
        let id = try await alice.succeed(["add", "Shared plan", "--body", "Meet at the **harbour**"])
        let unsynced = try await alice.run(["share", id])
        #expect(unsynced.status == 3 && unsynced.errors.contains("quill sync"), "\(unsynced.errors)")
        _ = try await alice.succeed(["sync"])
        let link = try await alice.succeed(["share", String(id.prefix(8)), "--views", "1", "--expires", "7d"])
        #expect(link.hasPrefix(servers[0].url + "/s/"), "\(link)")
        let elsewhere = servers[servers.count - 1].url + link.dropFirst(servers[0].url.count)

        let preview = try await open(elsewhere, agent: "Slackbot-LinkExpanding 1.0")
        let ask = try await open(elsewhere)
        #expect(preview.status == 200 && ask.status == 200 && !ask.page.contains("harbour"))
        let token = try #require(ask.page.firstMatch(of: /name="view" value="([0-9a-f]+)"/)).1
        let shown = try await open(elsewhere, method: "POST", form: "view=\(token)")
        #expect(shown.status == 200 && shown.page.contains("<strong>harbour</strong>"))
        #expect(try await open(String(elsewhere), method: "POST", form: "view=\(token)").status == 410, "one view, used")

        let open = try await alice.succeed(["share", id])
        let listed = try await bob.succeed(["share", "list", "--json"])
        let shares = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
        #expect(shares.count >= 2 && shares.contains { $0["state"] as? String == "used-up" })
        let openID = try #require(shares.first { ($0["url"] as? String).map { open.hasSuffix(String($0.suffix(64))) } == true }?["id"] as? String)
        #expect(try await self.open(open).status == 200)
        _ = try await bob.succeed(["share", "revoke", openID])
        #expect(try await self.open(open).status == 410, "revoked through one server, gone through the other at once")
        let unknown = try await bob.run(["share", "revoke", "0123456789abcdef"])
        #expect(unknown.status == 3)
    }
}

extension SyncEndToEndTests {
    /// `quill publish` of a tag: the index, a page whose link to another published note leads
    /// there, the feed and the sitemap; a note that loses the tag is gone at once (410); and
    /// `quill unpublish` takes the site down.
    func sitesTravel(alice: QuillHome, bob: QuillHome, servers: [ListeningServer]) async throws {
        let slug = "e2e-" + UUID().uuidString.prefix(8).lowercased()
        let first = try await alice.succeed(["add", "First post", "--body", "Hello from the harbour", "-t", slug])
        let second = try await alice.succeed(["add", "Second post", "--body", "After [[First post]] and [[Private diary]]", "-t", slug])
        _ = try await alice.succeed(["add", "Private diary", "--body", "not for the web"])
        _ = try await alice.succeed(["sync"])
        let site = try await alice.succeed(["publish", "tag:\(slug)", "--slug", slug, "--title", "Harbour news"])
        #expect(site == servers[0].url + "/p/\(slug)/")
        let taken = try await bob.run(["publish", "tag:other", "--slug", slug])
        #expect(taken.status == 1 && taken.errors.contains("taken"), "\(taken.errors)")
        let empty = try await alice.run(["publish", "tag:\(slug)-typo", "--slug", slug + "-empty"])
        #expect(empty.status == 0 && empty.errors.contains("warning: no note here has the tag '\(slug)-typo'"), "\(empty.errors)")
        #expect(try await alice.succeed(["unpublish", slug + "-empty"]) == "unpublished \(slug)-empty")
        let base = servers[servers.count - 1].url + "/p/\(slug)/"

        let index = try await open(base)
        #expect(index.status == 200 && index.page.contains("Harbour news") && index.page.contains("First post") && index.page.contains("Second post"))
        #expect(!index.page.contains("Private") && !index.page.contains("noindex"))
        let page = try await open(base + second)
        #expect(page.page.contains(#"<a href="/p/\#(slug)/\#(first)">First post</a>"#), "\(page.page)")
        #expect(page.page.contains("Private diary") && !page.page.contains("/notes/"), "an unpublished note is text")
        let feed = try await open(base + "feed.xml")
        #expect(feed.status == 200 && feed.page.contains("<title>First post</title>") && feed.page.contains("<title>Second post</title>"))
        #expect(try await open(base + "sitemap.xml").page.contains("<loc>\(base)\(first)</loc>"))

        _ = try await alice.succeed(["edit", first, "--untag", slug])
        _ = try await alice.succeed(["sync"])
        #expect(try await open(base + first).status == 410, "a note that lost the tag is gone at once")
        #expect(try await !open(base).page.contains("First post"))
        #expect(try await bob.succeed(["publish", "list"]).contains(slug))
        #expect(try await bob.succeed(["unpublish", slug]) == "unpublished \(slug)")
        #expect(try await open(base).status == 404)
        #expect(try await bob.run(["unpublish", slug]).status == 3)
    }
}
