import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import Testing

/// The pages anyone with a share link opens (docs/sharing.md): the note and nothing else of the
/// account, views counted only for people, attachments only the note's own, links only to shared
/// notes, and one page, naming nothing, for every link that leads nowhere.
@Suite struct SharedPageTests {
    /// A share of alice's note made as the API makes it.
    func share(_ id: String, in server: WebTestServer, views: Int? = nil, expires: Date? = nil, snapshot: Bool = false) async throws -> Share {
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        return try await ShareCreation(dependencies: server.web.server).share(
            try #require(NoteID(id)), account: account.id, terms: .init(expires: expires.map(Timestamp.init), views: views, snapshot: snapshot))
    }

    func keep(_ bytes: [UInt8], in server: WebTestServer) async throws -> AttachmentHash {
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        let hash = try #require(AttachmentHash(digest: SHA256.hash(data: bytes)))
        _ = try await server.store.appendAttachment(hash, account: account.id, offset: 0, bytes: bytes)
        try await server.store.completeAttachment(hash, account: account.id)
        return hash
    }

    func views(of share: Share, in server: WebTestServer) async throws -> Int {
        try #require(try await server.store.share(secret: share.secret)).views
    }

    @Test func thePageShowsTheNoteAndNothingOfTheAccount() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Trip plan", body: "Bring **boots**.", tags: ["private-tag"])
        let share = try await share("a1", in: server)
        try await server.test { browser in
            let page = try await browser.get(ShareRules.path(of: share))
            #expect(page.status == .ok)
            #expect(page.text.contains("Trip plan") && page.text.contains("<strong>boots</strong>"))
            for secret in ["alice", "private-tag", "a1", "/notes/", "Sign out", "/login"] {
                #expect(!page.text.contains(secret), "\(secret) on the shared page")
            }
            #expect(page.text.contains(#"<meta name="robots" content="noindex, nofollow">"#))
            #expect(page.headers[HTTPFields.Element.Name("X-Robots-Tag")!] == "noindex, nofollow")
            #expect(page.headers[HTTPFields.Element.Name("Referrer-Policy")!] == "no-referrer")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
        }
    }

    @Test func headRequestsAndLinkPreviewsUseUpNoView() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Trip plan")
        let share = try await share("a1", in: server)
        try await server.test { browser in
            #expect(try await browser.send(.head, ShareRules.path(of: share)).status == .ok)
            for agent in ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Mozilla/5.0 (compatible; Discordbot/2.0)",
                          "facebookexternalhit/1.1 Facebot Twitterbot/1.0", "TelegramBot (like TwitterBot)", "WhatsApp/2.23.20.0",
                          "LinkedInBot/1.0", "Mozilla/5.0 ... SkypeUriPreview Preview/0.5"] {
                #expect(try await browser.get(ShareRules.path(of: share), headers: [.userAgent: agent]).status == .ok)
            }
            #expect(try await views(of: share, in: server) == 0)
            try await browser.get(ShareRules.path(of: share), headers: [.userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"])
            // A person's view is counted in memory and written within a second or so (`ShareViewTally`).
            var counted = 0
            for _ in 0..<50 where counted == 0 {
                try await Task.sleep(for: .milliseconds(100))
                counted = try await views(of: share, in: server)
            }
            #expect(counted == 1)
        }
    }

    @Test func aOneViewLinkShowsTheNoteOnlyWhenAskedAndOnlyOnce() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Surprise party", body: "Saturday at eight")
        let share = try await share("a1", in: server, views: 1)
        try await server.test { browser in
            // A bot's GET, then a person's: neither shows the note or uses the view.
            let bot = try await browser.get(ShareRules.path(of: share), headers: [.userAgent: "Slackbot 1.0"])
            let person = try await browser.get(ShareRules.path(of: share))
            for page in [bot, person] {
                #expect(page.status == .ok && !page.text.contains("Surprise") && !page.text.contains("Saturday"))
            }
            #expect(try await views(of: share, in: server) == 0)
            let forged = try await browser.post(ShareRules.path(of: share), [("view", "0000")])
            #expect(forged.status == .forbidden && !forged.text.contains("Saturday"))
            let shown = try await browser.post(ShareRules.path(of: share), [("view", try person.field("view"))])
            #expect(shown.status == .ok && shown.text.contains("Saturday at eight"))
            let again = try await browser.post(ShareRules.path(of: share), [("view", try person.field("view"))])
            #expect(again.status == .gone && !again.text.contains("Surprise"))
            #expect(try await browser.get(ShareRules.path(of: share)).status == .gone)
            #expect(try await views(of: share, in: server) == 1)
        }
    }

    @Test func goneAndUnknownLinksAnswerTheSamePage() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Secret title")
        try await server.note("a2", "Deleted later")
        let revoked = try await share("a1", in: server), expiring = try await share("a1", in: server, expires: WebTestServer.start.addingTimeInterval(60))
        let ofDeleted = try await share("a2", in: server)
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        _ = try await server.store.revokeShare(revoked.id, account: account.id, at: WebTestServer.start)
        _ = try await server.store.delete(try #require(NoteID("a2")), account: account.id, ifRevision: 1, at: WebTestServer.start, origin: .web)
        server.clock.advance(by: 61)
        try await server.test { browser in
            let unknown = try await browser.get("/s/" + String(repeating: "ab", count: 32))
            #expect(unknown.status == .notFound)
            for share in [revoked, expiring, ofDeleted] {
                let page = try await browser.get(ShareRules.path(of: share))
                #expect(page.status == .gone)
                #expect(page.text == unknown.text, "a gone link and an unknown one look alike")
                #expect(!page.text.contains("Secret") && !page.text.contains("Deleted"))
            }
            #expect(try await browser.get("/s/quill_\(server.alice.id)_\(server.alice.secret)").status == .notFound, "an API token is no share token")
        }
    }

    @Test func linksLeadOnlyToSharedNotes() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Plan", body: "See [[Packing]], [[Budget]] and [the map](quill:a3a3a3a3).")
        try await server.note("a2", "Packing")
        try await server.note("a3a3a3a3", "Budget")
        let plan = try await share("a1", in: server), packing = try await share("a2", in: server)
        try await server.test { browser in
            let page = try await browser.get(ShareRules.path(of: plan)).text
            #expect(page.contains(#"<a href="\#(ShareRules.path(of: packing))">Packing</a>"#))
            #expect(page.contains("Budget") && page.contains("the map"))
            #expect(!page.contains("a3a3a3a3") && !page.contains("/notes/") && !page.contains("quill:"), "no trace of the unshared note")
        }
    }

    @Test func onlyTheNotesOwnAttachmentsAreServedAndNotOnceRevoked() async throws {
        let server = try await WebTestServer.make()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64)
        let own = try await keep(png, in: server), other = try await keep(Array("another note's file".utf8), in: server)
        let script = try await keep(Array("<html><script>alert(1)</script>".utf8), in: server)
        try await server.note("a1", "Pictures", body: AttachmentReference.markdown(hash: own, name: "beach.png", embedded: true) + "\n"
                              + AttachmentReference.markdown(hash: script, name: "page.html", embedded: false))
        try await server.note("a2", "Other", body: AttachmentReference.markdown(hash: other, name: "x.txt", embedded: false))
        let share = try await share("a1", in: server)
        let base = ShareRules.path(of: share) + "/attachments/"
        try await server.test { browser in
            let page = try await browser.get(ShareRules.path(of: share)).text
            #expect(page.contains(#"<img src="\#(base)\#(own.hex)/beach.png""#))
            let image = try await browser.get(base + own.hex + "/beach.png")
            #expect(image.status == .ok && Array(image.body.readableBytesView) == png)
            #expect(image.headers[.contentDisposition] == "inline; filename*=UTF-8''beach.png")
            #expect(image.headers[.contentSecurityPolicy] == "default-src 'none'; sandbox")
            #expect(image.headers[HTTPFields.Element.Name("X-Content-Type-Options")!] == "nosniff")
            let html = try await browser.get(base + script.hex + "/page.html")
            #expect(html.headers[.contentType] == "application/octet-stream" && html.headers[.contentDisposition]?.hasPrefix("attachment;") == true)
            #expect(try await browser.get(base + other.hex + "/x.txt").status == .notFound, "another note's attachment")
            #expect(try await browser.get(base + own.hex + "/..%2F..%2Fetc%2Fpasswd").headers[.contentDisposition]?.contains("/") == false)
            let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
            _ = try await server.store.revokeShare(share.id, account: account.id, at: WebTestServer.start)
            #expect(try await browser.get(base + own.hex + "/beach.png").status == .gone, "a kept URL stops working")
        }
    }

    @Test func theImagesOfAUsedUpPageStillLoadForThePersonWhoOpenedIt() async throws {
        let server = try await WebTestServer.make()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let image = try await keep(png, in: server)
        try await server.note("a1", "Once", body: AttachmentReference.markdown(hash: image, name: "a.png", embedded: true))
        let share = try await share("a1", in: server, views: 1)
        try await server.test { browser in
            let ask = try await browser.get(ShareRules.path(of: share))
            let shown = try await browser.post(ShareRules.path(of: share), [("view", try ask.field("view"))]).text
            let source = try #require(shown.firstMatch(of: /<img src="([^"]+)"/)).1.replacingOccurrences(of: "&amp;", with: "&")
            #expect(try await browser.get(String(source)).status == .ok, "the grant carries the image past the last view")
            let bare = String(source.prefix { $0 != "?" })
            #expect(try await browser.get(bare).status == .gone, "without the grant, a used-up share serves nothing")
            #expect(try await browser.get(bare + "?until=99999999999&grant=00").status == .gone)
        }
    }

    @Test func guessingTokensIsSlowedDown() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Trip plan")
        let share = try await share("a1", in: server)
        try await server.test { browser in
            for guess in 0..<20 {
                #expect(try await browser.get("/s/" + String(format: "%064x", guess)).status == .notFound)
            }
            let refused = try await browser.get("/s/" + String(format: "%064x", 99))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter].flatMap(Int.init).map { (1...60).contains($0) } == true)
            #expect(try await browser.get(ShareRules.path(of: share)).status == .tooManyRequests, "a guesser cannot tell a hit while refused")
        }
    }

    @Test(arguments: HostileNoteTests.payloads)
    func aHostileNoteRunsNothingOnASharedPage(_ payload: String) async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Hostile", body: payload)
        let share = try await share("a1", in: server)
        try await server.test { browser in
            let page = try await browser.get(ShareRules.path(of: share)).text.lowercased()
            let body = try #require(page.firstMatch(of: /<div class="markdown">([\s\S]*)<\/div>/)).1
            for needle in HostileNoteTests.forbiddenElements {
                #expect(!HostileNoteTests.withoutTableBoxes(body).contains(needle), "\(needle) in \(body)")
            }
            #expect(!page.contains("<script"))
        }
    }

    @Test func theOwnerSharesAndRevokesFromTheWebReader() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Trip plan")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/share")
            #expect(form.status == .ok)
            let made = try await browser.post("/notes/a1/share", [("csrf", try form.csrf()), ("expires", "7d"), ("views", "")])
            #expect(made.status == .ok)
            let url = try made.field("link")
            let path = String(try #require(url.firstMatch(of: /\/s\/[0-9a-z]+/)).0)
            await browser.forget("quill_session")
            #expect(try await browser.get(path).text.contains("Trip plan"), "anyone with the link reads it")
            try await browser.signIn(server.alice)
            let list = try await browser.get("/shares")
            #expect(list.text.contains("Trip plan") && list.text.contains("active"))
            let share = try #require(try await server.store.shares(account: AccountID(1)).first)
            #expect(try await browser.post("/shares/\(share.id)/revoke", [("csrf", try list.csrf())]).status == .seeOther)
            #expect(try await browser.get(path).status == .gone)
        }
    }
}

/// The store's attachments, revoking a share once a download has read past `after` bytes: a
/// revocation that lands while the download is under way.
struct RevokingMidDownload: ServerAttachmentRepository {
    let store: InMemoryServerStore
    let share: @Sendable () async -> (ShareID, AccountID)?
    let after: Int64

    func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8] {
        if offset >= after, let (id, owner) = await share() { _ = try await store.revokeShare(id, account: owner, at: WebTestServer.start) }
        return try await store.readAttachment(hash, account: account, offset: offset, count: count)
    }
    func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? {
        try await store.attachment(hash, account: account)
    }
    func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        try await store.appendAttachment(hash, account: account, offset: offset, bytes: bytes)
    }
    func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws { try await store.completeAttachment(hash, account: account) }
    func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws { try await store.discardAttachment(hash, account: account) }
    func attachmentUsage(account: AccountID) async throws -> Int64 { try await store.attachmentUsage(account: account) }
    func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] { try await store.attachments(account: account) }
    func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        try await store.collectAttachments(hashes, account: account, unlessWrittenAfter: cursor)
    }
}

/// Revoking while a download of a shared attachment is under way cuts it short: the rest of the
/// file is not sent.
@Suite struct SharedDownloadRevocationTests {
    actor Holder {
        var share: (ShareID, AccountID)?
        func set(_ value: (ShareID, AccountID)) { share = value }
    }

    @Test func aRevocationStopsADownloadUnderWay() async throws {
        let holder = Holder()
        let server = try await WebTestServer.make { store in
            RevokingMidDownload(store: store, share: { await holder.share }, after: 1 << 20)
        }
        let bytes = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account
        let hash = try #require(AttachmentHash(digest: SHA256.hash(data: bytes)))
        _ = try await server.store.appendAttachment(hash, account: account.id, offset: 0, bytes: bytes)
        try await server.store.completeAttachment(hash, account: account.id)
        try await server.note("a1", "Big file", body: AttachmentReference.markdown(hash: hash, name: "big.bin", embedded: false))
        let share = try await ShareCreation(dependencies: server.web.server).share(
            try #require(NoteID("a1")), account: account.id, terms: .init())
        await holder.set((share.id, account.id))
        try await server.test { browser in
            let received = try? await browser.get(ShareRules.path(of: share) + "/attachments/\(hash.hex)/big.bin")
            #expect((received?.body.readableBytes ?? 0) < bytes.count, "the whole file was sent after the revocation")
        }
        #expect(try await server.store.share(secret: share.secret)?.revoked != nil, "the revocation landed mid-download")
    }
}
