import ChildProcesses
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing

/// A client generated from docs/openapi.yaml by apple/swift-openapi-generator
/// (Tools/openapi-client.sh; the code is in Generated/) drives every note operation against a
/// real `quill-server` over its SQLite store: create a draft, list, search, get, replace with
/// If-Match, patch, delete, the change feed, push and export. If the description drifted from
/// the server (a shape, a status, a header), the generated code would fail to decode or the
/// operation would be missing.
@Suite("The generated OpenAPI client", .serialized)
struct GeneratedClientTests {
    /// Adds the account's bearer token to every request.
    struct BearerToken: ClientMiddleware {
        let token: String

        func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                       next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?) {
            var request = request
            request.headerFields[.authorization] = "Bearer \(token)"
            return try await next(request, body, baseURL)
        }
    }

    @Test func everyNoteOperationWorksThroughTheGeneratedClient() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-generated-client-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = ["--data-dir", directory]
        let token = try await ServerUnderTest.createAccount("ann", storage: storage)
        let server = try await ServerUnderTest.start(storage: storage)
        defer { server.terminate() }
        // Quill writes times with milliseconds (docs/openapi.yaml, Timestamp).
        let client = Client(serverURL: try #require(URL(string: server.url)), configuration: .init(dateTranscoder: .iso8601WithFractionalSeconds),
                            transport: AsyncHTTPClientTransport(), middlewares: [BearerToken(token: token)])

        // Info, then create from a draft.
        #expect(try await client.info().ok.body.json.apiVersion == 1)
        let created = try await client.createNote(body: .json(.NoteDraft(.init(title: "Garden plan", body: "Tomatoes and 同步 basil", tags: ["Home"]))))
        let note = try created.created.body.json
        #expect(note.title == "Garden plan" && note.revision == 1 && note.tags == ["home"])
        #expect(try created.created.headers.eTag == "\"1\"")

        // List and search.
        let listed = try await client.listNotes().ok.body.json
        #expect(listed.notes.map(\.id) == [note.id] && listed.next == nil)
        #expect(try await client.listNotes(query: .init(q: "basil")).ok.body.json.notes.map(\.id) == [note.id])
        #expect(try await client.listNotes(query: .init(q: "同步")).ok.body.json.notes.map(\.id) == [note.id])
        #expect(try await client.listNotes(query: .init(tag: "home")).ok.body.json.notes.count == 1)

        // Get, replace with If-Match, and a stale If-Match of an overlapping edit refused.
        #expect(try await client.getNote(path: .init(id: note.id)).ok.body.json == note)
        var changed = note
        changed.body = "Tomatoes, basil and chard"
        let replaced = try await client.replaceNote(path: .init(id: note.id), headers: .init(ifMatch: "\"1\""),
                                                    body: .json(.LiveNoteDocument(live(changed))))
        #expect(try replaced.ok.body.json.revision == 2)
        // Sent again from revision 1: the note holds that edit already, and nothing is written.
        let repeated = try await client.replaceNote(path: .init(id: note.id), headers: .init(ifMatch: "\"1\""),
                                                    body: .json(.LiveNoteDocument(live(changed))))
        #expect(try repeated.ok.body.json.revision == 2 && repeated.ok.headers.quillMergeAncestor == nil)
        var overlapping = note
        overlapping.body = "Tomatoes only"
        let stale = try await client.replaceNote(path: .init(id: note.id), headers: .init(ifMatch: "\"1\""),
                                                 body: .json(.LiveNoteDocument(live(overlapping))))
        #expect(try stale.preconditionFailed.body.json.error.code == .revisionMismatch)

        // Patch (a JSON Merge Patch), then delete.
        let patched = try await client.patchNote(path: .init(id: note.id), headers: .init(ifMatch: "\"2\""),
                                                 body: .applicationMergePatchJson(.init(title: "Garden", tags: ["home", "green"])))
        let afterPatch = try patched.ok.body.json
        #expect(afterPatch.title == "Garden" && afterPatch.tags == ["green", "home"] && afterPatch.revision == 3)
        let deleted = try await client.deleteNote(path: .init(id: note.id), headers: .init(ifMatch: "\"3\""))
        #expect(try deleted.ok.body.json.deleted == true)
        #expect(try await client.getNote(path: .init(id: note.id)).notFound.body.json.error.code == .notFound)

        // Push a note the way a sync client does, then read the change feed.
        let now = Date(timeIntervalSince1970: 1_795_000_000.25)
        let pushed = try await client.push(body: .json(.init(requestID: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", changes: [
            .init(note: .init(body: "from a client", created: now, deleted: false, format: 1, id: "7e57", revision: 1, tags: [], title: "Pushed",
                              updated: now), baseRevision: nil),
        ])))
        #expect(try pushed.ok.body.json.results.map(\.note?.title) == ["Pushed"])
        let answeredByRevision = try await client.push(body: .json(.init(requestID: "1f1e2d3c4b5a69788796a5b4c3d2e1f0", changes: [
            .init(note: .init(body: "edited", created: now, deleted: false, format: 1, id: "7e57", revision: 2, tags: [], title: "Pushed",
                              updated: now), baseRevision: 1),
        ], appliedAs: .revision))).ok.body.json.results
        #expect(answeredByRevision.map(\.revision) == [2] && answeredByRevision.allSatisfy { $0.note == nil && $0.status == .applied })
        let feed = try await client.changes(query: .init(limit: 100)).ok.body.json
        #expect(Set(feed.changes.map(\.id)) == [note.id, "7e57"] && !feed.hasMore)

        // Export: a gzip'd tar of the live notes, with their earlier revisions.
        let archive = try await client.exportNotes(query: .init(history: true)).ok.body.applicationGzip
        let bytes = try await [UInt8](collecting: archive, upTo: 16 << 20)
        #expect(bytes.starts(with: [0x1f, 0x8b]))

        // Import: the export back, checked only: every note is there as it is.
        let checked = try await client.importFile(query: .init(dryRun: true, name: "quill-export.tar.gz"), body: .binary(HTTPBody(bytes))).ok.body.json
        #expect(!checked.applied && checked.added == 0 && checked.unchanged == 1 && checked.foreignFormat == nil, "\(checked)")
    }
}

/// A note as POST and PUT take it whole: the document's fields, not deleted.
private func live(_ note: Components.Schemas.NoteDocument) -> Components.Schemas.LiveNoteDocument {
    .init(body: note.body, created: note.created, deleted: false, format: note.format, id: note.id, revision: note.revision,
          tags: note.tags, title: note.title, updated: note.updated)
}
