import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import Testing

/// A note page shows the note's pictures, served from the account's attachments where the note's
/// relative references lead (`/notes/attachments/<sha256>/<name>`), and never serves a file a
/// browser could run (docs/attachments.md).
@Suite struct AttachmentPageTests {
    func keep(_ bytes: [UInt8], in server: WebTestServer, account name: String = "alice") async throws -> AttachmentHash {
        let account = try #require(try await server.store.accountSummaries().first { $0.account.name == name }).account
        let hash = try #require(AttachmentHash(digest: SHA256.hash(data: bytes)))
        _ = try await server.store.appendAttachment(hash, account: account.id, offset: 0, bytes: bytes)
        try await server.store.completeAttachment(hash, account: account.id)
        return hash
    }

    @Test func aNotesImageIsShownAndAnyOtherFileIsADownload() async throws {
        let server = try await WebTestServer.make()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 1, count: 100)
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".utf8)
        let image = try await keep(png, in: server), drawing = try await keep(svg, in: server)
        let body = AttachmentReference.markdown(hash: image, name: "white board.png", embedded: true) + "\n\n"
            + AttachmentReference.markdown(hash: drawing, name: "drawing.svg", embedded: true)
        try await server.note("a1", "With pictures", body: body)
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let page = try await browser.get("/notes/a1").text
            let source = "attachments/\(image.hex)/white%20board.png"
            #expect(page.contains("<img src=\"\(source)\" alt=\"white board.png\">"))
            let shown = try await browser.get("/notes/" + source)
            #expect(shown.status == .ok && shown.headers[.contentType] == "image/png" && Array(shown.body.readableBytesView) == png)
            #expect(shown.headers[.contentDisposition] == nil)
            let download = try await browser.get("/notes/attachments/\(drawing.hex)/drawing.svg")
            #expect(download.headers[.contentType] == "application/octet-stream")
            #expect(download.headers[.contentDisposition] == "attachment; filename*=UTF-8''drawing.svg")
        }
    }

    @Test func anotherAccountsAttachmentAndSignedOutRequestsGetNothing() async throws {
        let server = try await WebTestServer.make()
        let bobs = try await keep([1, 2, 3], in: server, account: "bob")
        try await server.test { browser in
            #expect(try await browser.get("/notes/attachments/\(bobs.hex)/x.png").status != .ok, "signed out")
            try await browser.signIn(server.alice)
            #expect(try await browser.get("/notes/attachments/\(bobs.hex)/x.png").status == .notFound)
            #expect(try await browser.get("/notes/attachments/nothex/x.png").status == .notFound)
        }
    }
}
