import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerStoreInterface
import Testing

/// A published site's pages (docs/sharing.md): the notes with the tag and no other, newest
/// first and paged; links only between published notes; a feed any XML parser reads; ETags and
/// brief caching; a note that loses the tag gone at once.
@Suite struct SitePageTests {
    func publish(_ slug: String, tag: String, in server: WebTestServer) async throws {
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        #expect(try await server.store.createSite(PublishedSite(slug: slug, account: account.id, tag: try Tag(tag), title: "Harbour news",
                                                                created: WebTestServer.start)))
    }

    @Test func theIndexShowsThePublishedNotesNewestFirstAndPaged() async throws {
        let server = try await WebTestServer.make()
        for index in 0..<53 {
            try await server.note(String(format: "b%03x", index), "Post \(index)", tags: ["blog"], minutes: Double(index))
        }
        try await server.note("c1", "Private", tags: ["diary"], minutes: 100)
        try await publish("news", tag: "blog", in: server)
        try await server.test { browser in
            let first = try await browser.get("/p/news/")
            #expect(first.status == .ok && first.headers[.cacheControl] == "public, max-age=60" && first.headers[.eTag] != nil)
            #expect(first.headers[HTTPFields.Element.Name("X-Robots-Tag")!] == nil && !first.text.contains("noindex"))
            let titles = first.text.matches(of: /class="title" dir="auto" href="[^"]+">([^<]+)</).map { String($0.1) }
            #expect(titles.count == 50 && titles.first == "Post 52" && titles.last == "Post 3")
            #expect(!first.text.contains("Private") && first.text.contains(#"href="/p/news/?page=2""#))
            let second = try await browser.get("/p/news/?page=2")
            #expect(second.text.matches(of: /class="title" dir="auto" href="[^"]+">([^<]+)</).map { String($0.1) } == ["Post 2", "Post 1", "Post 0"])
            #expect(try await browser.get("/p/news/?page=3").status == .notFound)
            for huge in ["9223372036854775807", "4611686018427387904", "184467440737095516"] {
                #expect(try await browser.get("/p/news/?page=" + huge).status == .notFound, "page \(huge)")
            }
            #expect(try await browser.get("/p/news/?page=-3").status == .ok, "a page before the first is the first")
            let again = try await browser.get("/p/news/", headers: [.ifNoneMatch: try #require(first.headers[.eTag])])
            #expect(again.status == .notModified)
            #expect(try await browser.get("/p/nothing/").status == .notFound)
        }
    }

    @Test func aNotePageLinksOnlyPublishedNotesAndLeavesWhenItLosesTheTag() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Plan", body: "See [[Packing]] and [[Diary]].", tags: ["blog"])
        try await server.note("a2", "Packing", tags: ["blog"])
        try await server.note("a3", "Diary", tags: ["private"])
        try await publish("news", tag: "blog", in: server)
        try await server.test { browser in
            let page = try await browser.get("/p/news/a1")
            #expect(page.status == .ok && page.text.contains(#"<a href="/p/news/a2">Packing</a>"#))
            #expect(page.text.contains("Diary") && !page.text.contains("a3") && !page.text.contains("/notes/"))
            #expect(try await browser.get("/p/news/a3").status == .gone, "a note of the account not on the site")
            #expect(try await browser.get("/p/news/ffff").status == .gone, "no answer tells a note that exists from one that does not")
            let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
            _ = try await server.store.replace(try Note(id: try #require(NoteID("a2")), title: "Packing", body: "", tags: [],
                                                        created: WebTestServer.start, updated: WebTestServer.start),
                                               account: account.id, ifRevision: 1, origin: .web)
            #expect(try await browser.get("/p/news/a2").status == .gone)
            #expect(try await browser.get("/p/news/a1").text.contains(#"<a href="/p/news/a2">"#) == false)
        }
    }

    /// (A feed reader's parser reads the feed in Tools/browser-test/tests_sharing.py.)
    @Test func theFeedAndSitemapEscapeWhatTheNotesHold() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Tom & Jerry <3", body: "**bold** \u{0B}and a control character", tags: ["blog"])
        try await publish("news", tag: "blog", in: server)
        try await server.test { browser in
            let feed = try await browser.get("/p/news/feed.xml")
            #expect(feed.headers[.contentType] == "application/atom+xml; charset=utf-8")
            #expect(feed.text.contains("<title>Tom &amp; Jerry &lt;3</title>") && feed.text.contains("&lt;strong&gt;bold&lt;/strong&gt;"))
            #expect(!feed.text.unicodeScalars.contains("\u{0B}"), "a character XML forbids is left out")
            let sitemap = try await browser.get("/p/news/sitemap.xml")
            #expect(sitemap.text.hasPrefix("<?xml") && sitemap.text.contains("/p/news/a1</loc>"))
        }
    }

    @Test func onlyThePublishedNotesOwnAttachmentsAreServed() async throws {
        let server = try await WebTestServer.make()
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        func keep(_ bytes: [UInt8]) async throws -> AttachmentHash {
            let hash = try #require(AttachmentHash(digest: SHA256.hash(data: bytes)))
            _ = try await server.store.appendAttachment(hash, account: account.id, offset: 0, bytes: bytes)
            try await server.store.completeAttachment(hash, account: account.id)
            return hash
        }
        let own = try await keep([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), other = try await keep(Array("private".utf8))
        try await server.note("a1", "Pictures", body: AttachmentReference.markdown(hash: own, name: "a.png", embedded: true), tags: ["blog"])
        try await server.note("a2", "Private", body: AttachmentReference.markdown(hash: other, name: "b.txt", embedded: false))
        try await publish("news", tag: "blog", in: server)
        try await server.test { browser in
            #expect(try await browser.get("/p/news/a1").text.contains(#"src="/p/news/a1/attachments/\#(own.hex)/a.png""#))
            let image = try await browser.get("/p/news/a1/attachments/\(own.hex)/a.png")
            #expect(image.status == .ok && image.headers[.contentSecurityPolicy] == "default-src 'none'; sandbox")
            #expect(try await browser.get("/p/news/a1/attachments/\(other.hex)/b.txt").status == .gone)
            #expect(try await browser.get("/p/news/a2/attachments/\(other.hex)/b.txt").status == .gone)
        }
    }
}
