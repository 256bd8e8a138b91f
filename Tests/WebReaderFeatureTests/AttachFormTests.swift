import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// The note form takes files without script (`multipart/form-data`): each is kept as an
/// attachment under its hash and referred to at the end of the body; the form token must come
/// before any byte is kept; over the largest size or the quota nothing is kept at all.
@Suite struct AttachFormTests {
    let alice = AccountID(1)
    let a1 = NoteID("a1")!
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<3000).map { UInt8($0 % 251) }
    let html = Array("GIF89a/*<html><script>alert(1)</script>*/".utf8)

    func hash(_ bytes: [UInt8]) -> AttachmentHash { AttachmentHash(digest: SHA256.hash(data: bytes))! }

    /// What alice's account holds: every attachment's hash and whether it is whole.
    func held(_ server: WebTestServer) async throws -> [AttachmentHash: Bool] {
        try await server.store.attachments(account: alice).mapValues(\.isComplete)
    }

    @Test func anEditWithFilesKeepsThemAndRefersToThemAtTheEnd() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Trip", body: "text")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            #expect(form.text.contains(#"enctype="multipart/form-data""#) && form.text.contains(#"type="file" multiple"#))
            let saved = try await browser.postMultipart("/notes/a1/edit", [
                ("csrf", try form.csrf()), ("revision", "1"), ("title", "Trip"), ("body", "text\r\nmore"), ("tags", ""),
            ], files: [("files", "beach.png", png), ("files", "../../notes.html", html), ("files", "", []),
                       ("files", "empty.txt", [])])
            #expect(saved.status == .seeOther && saved.location == "/notes/a1", "\(saved.text)")
            let note = try #require(try await server.store.note(a1, account: alice))
            #expect(note.body == "text\nmore\n\n![beach.png](attachments/\(hash(png).hex)/beach.png)\n"
                + "[notes.html](attachments/\(hash(html).hex)/notes.html)\n[empty.txt](attachments/\(hash([]).hex)/empty.txt)\n")
            #expect(note.revision == 2)
            // Whole, under their hashes, and no staged copy left behind.
            #expect(try await held(server) == [hash(png): true, hash(html): true, hash([]): true])
            #expect(try await server.store.readAttachment(hash(png), account: alice, offset: 0, count: 1 << 20) == png)
            let page = try await browser.get("/notes/a1").text
            #expect(page.contains(#"<img src="attachments/\#(hash(png).hex)/beach.png" alt="beach.png">"#))
        }
    }

    @Test func aNewNoteCanBringAFileAndOneAlreadyHeldIsNotKeptTwice() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            for title in ["First", "Second"] {
                let form = try await browser.get("/notes/new")
                let created = try await browser.postMultipart("/notes/new", [("csrf", try form.csrf()), ("title", title), ("body", ""), ("tags", "")],
                                                              files: [("files", "a.png", png)])
                #expect(created.status == .seeOther, "\(created.text)")
            }
            let notes = try await server.store.notes(account: alice, after: nil, limit: 10).notes
            #expect(notes.map(\.body) == Array(repeating: "![a.png](attachments/\(hash(png).hex)/a.png)\n", count: 2))
            #expect(try await held(server) == [hash(png): true])
        }
    }

    @Test func filesBeforeTheFormTokenAreRefusedAndNothingIsKept() async throws {
        let server = try await WebTestServer.make()
        try await server.note("a1", "Trip", body: "text")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            _ = try await browser.get("/notes/a1/edit")
            let refused = try await browser.postMultipart("/notes/a1/edit", [("revision", "1"), ("title", "Trip"), ("body", "x")],
                                                          files: [("files", "a.png", png)])
            #expect(refused.status == .forbidden)
            #expect(try await held(server).isEmpty)
        }
    }

    @Test func aFileOverTheLargestSizeIsRefusedAndNothingIsKept() async throws {
        let server = try await WebTestServer.make(attachmentLimits: AttachmentLimits(maximumBytes: 1000))
        try await server.note("a1", "Trip", body: "text")
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            let fields = [("csrf", try form.csrf()), ("revision", "1"), ("title", "Trip"), ("body", "changed"), ("tags", "")]
            let refused = try await browser.postMultipart("/notes/a1/edit", fields, files: [("files", "small.png", [1, 2, 3]), ("files", "big.png", png)])
            #expect(refused.status == .contentTooLarge)
            #expect(refused.text.contains("“big.png” is larger than this server accepts (1.0 kB). Nothing was saved."), "\(refused.text)")
            #expect(try await server.store.note(a1, account: alice)?.body == "text")
            // The small file that came first stays, unreferenced, until collected; nothing of the big one.
            #expect(try await held(server) == [hash([1, 2, 3]): true])
            // A body whose length alone is over the limit is refused before it is read.
            var headers = HTTPFields()
            headers[.contentType] = "multipart/form-data; boundary=x"
            let huge = Array("--x\r\n".utf8) + [UInt8](repeating: 0, count: 5 << 20)
            headers[.contentLength] = String(huge.count)
            let early = try await browser.send(.post, "/notes/a1/edit", headers: headers, bytes: huge)
            #expect(early.status == .contentTooLarge && early.text.contains("The file is larger than this server accepts"), "\(early.status) \(early.text)")
        }
    }

    @Test func aFileOverTheQuotaIsRefused() async throws {
        let server = try await WebTestServer.make(attachmentLimits: AttachmentLimits(quotaBytes: 3500))
        try await server.note("a1", "Trip", body: "text")
        let kept = [UInt8](repeating: 9, count: 1000)
        _ = try await server.store.appendAttachment(hash(kept), account: alice, offset: 0, bytes: kept)
        try await server.store.completeAttachment(hash(kept), account: alice)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1/edit")
            let refused = try await browser.postMultipart("/notes/a1/edit", [("csrf", try form.csrf()), ("revision", "1"), ("title", "Trip"),
                                                                              ("body", "text")], files: [("files", "big.png", png)])
            #expect(refused.status == .contentTooLarge && refused.text.contains("quota (3.5 kB)"), "\(refused.text)")
            #expect(try await held(server) == [hash(kept): true])
        }
    }

    @Test func aStaleEditKeepsTheFileAndShowsTheReferenceInTheForm() async throws {
        let server = try await WebTestServer.make()
        let note = try await server.note("a1", "Trip", body: "text")
        _ = try await server.store.replace(try note.revised(title: "Trip", body: "changed elsewhere", tags: [], at: WebTestServer.start),
                                           account: alice, ifRevision: 1, origin: .api)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/notes/a1")
            let conflict = try await browser.postMultipart("/notes/a1/edit", [("csrf", try form.csrf()), ("revision", "1"), ("title", "Trip"),
                                                                               ("body", "mine")], files: [("files", "a.png", png)])
            #expect(conflict.status == .conflict)
            #expect(conflict.text.contains("mine\n\n![a.png](attachments/\(hash(png).hex)/a.png)"), "\(conflict.text)")
            #expect(try await held(server) == [hash(png): true])
        }
    }
}
