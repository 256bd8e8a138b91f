import ArchiveFeature
import Crypto
import Hummingbird
import HummingbirdTesting
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

@Suite struct ExportRoutesTests {
    @Test func exportIsTheArchiveQuillImportReads() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1", title: "Kept", body: "line"))
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("b2", title: "Gone"))
            try await client.send(.delete, "/v1/notes/b2", headers: [.ifMatch: "\"1\""])
            try await client.send(.post, "/v1/notes", as: client.bob, json: JSONSamples.note("c3", title: "Bob's"))

            let response = try await client.send(.get, "/v1/export")
            #expect(response.status == .ok && response.headers[.contentType] == "application/gzip")
            let bytes = Array(response.body.readableBytesView)
            #expect(bytes.prefix(2) == [0x1f, 0x8b])

            let (store, report) = try await ExportedArchive.imported(response.body)
            #expect(report.manifestVerified)
            let notes = await store.list(NoteQuery()).notes
            #expect(notes.map(\.title) == ["Kept"])
            #expect(try await store.note(id: #require(NoteID("a1")))?.body == "line")
        }
    }

    /// The attachments the notes refer to are in the export as `quill export` puts them, whole and
    /// checked; one the account does not hold is left out, and another account's never goes in.
    @Test func exportCarriesTheAttachmentsTheNotesReferTo() async throws {
        let server = try await TestServer.make()
        let picture = (0..<300_000).map { UInt8($0 % 251) }
        let hash = AttachmentHash(digest: SHA256.hash(data: picture))!
        let absent = String(repeating: "ab", count: 32)
        try await server.test { client in
            #expect(try await client.send(.put, "/v1/attachments/\(hash.hex)", bytes: picture).status == .created)
            #expect(try await client.send(.put, "/v1/attachments/\(hash.hex)", bytes: picture, as: client.bob).status == .created)
            let body = "![board.png](attachments/\(hash.hex)/board.png)\\n[gone.pdf](attachments/\(absent)/gone.pdf)"
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1", title: "Board", body: body))
            let response = try await client.send(.get, "/v1/export")
            #expect(response.status == .ok)
            let attachments = InMemoryAttachmentStore(clock: FixedClock(TestServer.now))
            let (store, report) = try await ExportedArchive.imported(response.body, attachments: attachments)
            #expect(report.attachmentCount == 1 && report.manifestVerified)
            #expect(try await store.note(id: #require(NoteID("a1")))?.body.contains("attachments/\(hash.hex)/board.png") == true)
            let kept = try #require(try attachments.open(hash))
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try kept.read(into: $0) }
                if count == 0 { break }
                bytes += buffer[0..<count]
            }
            #expect(bytes == picture)
            let bobs = try await client.send(.get, "/v1/export", as: client.bob)
            #expect(try await ExportedArchive.imported(bobs.body).report.attachmentCount == 0, "bob has no note that refers to it")
        }
    }

    /// `?history=true` exports as `quill export --history` does: `quill import` then keeps every
    /// revision. Without it, the notes as they are; a value other than true or false is a 400.
    @Test func exportWithHistoryCarriesEachNotesEarlierRevisions() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1", title: "First", body: "one"))
            let put = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note("a1", title: "Second", body: "two"),
                                            headers: [.ifMatch: "\"1\""])
            #expect(put.status == .ok)
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("b2", title: "Alone"))

            for (query, titles) in [("?history=true", ["Second", "First"]), ("", ["Second"]), ("?history=false", ["Second"])] {
                let response = try await client.send(.get, "/v1/export" + query)
                #expect(response.status == .ok)
                let (store, report) = try await ExportedArchive.imported(response.body)
                #expect(report.manifestVerified)
                let history = await store.history(of: try #require(NoteID("a1")))
                #expect(history.map(\.note.title) == titles, "export\(query)")
                #expect(await store.history(of: try #require(NoteID("b2"))).count == 1)
            }
            let refused = try await client.send(.get, "/v1/export?history=yes")
            #expect(refused.status == .badRequest && refused.errorCode == "bad_request")
        }
    }

    @Test func exportNeedsAuthAndAnswers503WhenTheDatabaseFails() async throws {
        try await TestServer.make(failing: [.list]).test { client in
            let unauthorized = try await client.send(.get, "/v1/export", as: .some(nil))
            #expect(unauthorized.status == .unauthorized)
            let failed = try await client.send(.get, "/v1/export")
            #expect(failed.status == .serviceUnavailable && failed.errorCode == "unavailable")
        }
    }
}
