import Foundation
import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import ServerFeature
import Testing

/// `/v1/notes/{id}/revisions`, `/revisions/{revision}`, `/restore` and `/v1/trash` (docs/history.md).
@Suite struct HistoryRoutesTests {
    /// A note created, patched, then deleted: revisions 1, 2 and 3 (the tombstone). Returns its URI.
    static func deletedNoteWithHistory(_ client: Client) async throws -> String {
        let created = try await client.send(.post, "/v1/notes", json: #"{"title":"Plan","body":"one\ntwo\n"}"#)
        let uri = try #require(created.headers[.location])
        try await client.send(.patch, uri, json: #"{"body":"one\n2\n"}"#)
        let deleted = try await client.send(.delete, uri, headers: [.ifMatch: "\"2\""])
        #expect(deleted.status == .ok)
        return uri
    }

    @Test func aDeletedNoteIsInTheTrashAndItsHistoryStaysReadable() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.deletedNoteWithHistory(client)
            #expect(try await client.send(.get, uri).status == .notFound, "a deleted note's GET stays 404")
            let trash = try await client.send(.get, "/v1/trash").decoded(NoteListBody.self)
            #expect(trash.notes.map(\.deleted) == [true] && trash.notes.first?.title == "Plan")
            let listed = try await client.send(.get, uri + "/revisions")
            #expect(listed.status == .ok && listed.headers[.eTag] == "\"3\"")
            let revisions = try listed.decoded(RevisionListBody.self).revisions
            #expect(revisions.map(\.revision) == [3, 2, 1] && revisions.map(\.origin) == ["api", "api", "created"])
            #expect(revisions.map(\.deleted) == [true, false, false] && revisions.map(\.bytes) == [6, 6, 8])
            let first = try await client.send(.get, uri + "/revisions/1").decoded(RevisionBody.self)
            #expect(first.note.body == "one\ntwo\n" && first.origin == "created" && first.note.revision == 1)
        }
    }

    @Test func aRestoreIsANewRevisionAndHonoursIfMatch() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.deletedNoteWithHistory(client)
            let stale = try await client.send(.post, uri + "/restore", json: "{}", headers: [.ifMatch: "\"2\""])
            #expect(stale.status == .preconditionFailed)
            let back = try await client.send(.post, uri + "/restore", json: "{}", headers: [.ifMatch: "\"3\""])
            #expect(back.status == .ok && back.headers[.eTag] == "\"4\"")
            #expect(try back.decoded(NoteDocument.self).body == "one\n2\n")
            #expect(try await client.send(.get, uri).status == .ok)
            let older = try await client.send(.post, uri + "/restore", json: #"{"revision":1}"#).decoded(NoteDocument.self)
            #expect(older.body == "one\ntwo\n" && older.revision == 5 && !older.deleted)
            let origins = try await client.send(.get, uri + "/revisions").decoded(RevisionListBody.self).revisions.map(\.origin)
            #expect(origins == ["restore:1", "restore:2", "api", "api", "created"])
            #expect(try await client.send(.get, "/v1/trash").decoded(NoteListBody.self).notes.isEmpty)
        }
    }

    @Test func badInputIsAClearErrorAndWritesNothing() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.deletedNoteWithHistory(client)
            let unknown = try await client.send(.post, uri + "/restore", json: #"{"revision":9}"#)
            #expect(unknown.status == .notFound && unknown.errorCode == "not_found")
            #expect(try await client.send(.get, uri + "/revisions/9").status == .notFound)
            for bad in ["0", "x", "01", "-1"] {
                #expect(try await client.send(.get, uri + "/revisions/\(bad)").status == .badRequest, "\(bad)")
            }
            for body in [#"{"revision":0}"#, #"{"revision":"1"}"#, #"{"other":1}"#, "[]"] {
                #expect(try await client.send(.post, uri + "/restore", json: body).status == .badRequest, "\(body)")
            }
            #expect(try await client.send(.get, "/v1/notes/ff/revisions").status == .notFound)
            #expect(try await client.send(.get, uri + "/revisions", as: client.bob).status == .notFound, "another account's note")
            #expect(try await client.send(.post, uri + "/restore", as: client.bob, json: "{}").status == .notFound)
            let back = try await client.send(.post, uri + "/restore", json: "{}")
            #expect(back.status == .ok)
            let live = try await client.send(.post, uri + "/restore", json: "{}")
            #expect(live.status == .conflict && live.errorCode == "not_deleted")
            #expect(try await client.send(.get, uri + "/revisions").decoded(RevisionListBody.self).revisions.count == 4)
        }
    }
}
