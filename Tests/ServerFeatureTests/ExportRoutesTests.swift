import ArchiveFeature
import Hummingbird
import HummingbirdTesting
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
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
