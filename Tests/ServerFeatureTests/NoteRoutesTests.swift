import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import Testing

@Suite struct NoteRoutesTests {
    @Test func createThenGetWithETag() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/v1/notes", json: JSONSamples.note(revision: 7))
            #expect(created.status == .created)
            #expect(created.headers[.eTag] == "\"1\"")
            #expect(try created.decoded(NoteDocument.self).revision == 1)
            #expect(created.headers[.contentType]?.hasPrefix("application/json") == true)

            let read = try await client.send(.get, "/v1/notes/a1")
            #expect(read.status == .ok)
            #expect(read.headers[.eTag] == "\"1\"")
            let document = try read.decoded(NoteDocument.self)
            #expect(document.title == "Hello" && document.tags.map(\.rawValue) == ["x"])
            #expect(read.text.hasPrefix(#"{"body":"text","created":"2026-01-01T00:00:00.000Z","deleted":false"#))
        }
    }

    @Test func createExistingIs409() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            let again = try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            #expect(again.status == .conflict && again.errorCode == "already_exists")
        }
    }

    @Test func anotherAccountsNoteIs404() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            let asBob = try await client.send(.get, "/v1/notes/a1", as: client.bob)
            #expect(asBob.status == .notFound && asBob.errorCode == "not_found")
            let put = try await client.send(.put, "/v1/notes/a1", as: client.bob, json: JSONSamples.note(), headers: [.ifMatch: "\"1\""])
            #expect(put.status == .notFound)
            let delete = try await client.send(.delete, "/v1/notes/a1", as: client.bob, headers: [.ifMatch: "\"1\""])
            #expect(delete.status == .notFound)
        }
    }

    @Test func missingNoteIs404() async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.get, "/v1/notes/ff")
            #expect(response.errorCode == "not_found")
        }
    }

    @Test func replaceNeedsIfMatchAndTheCurrentRevision() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            let missing = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(title: "new"))
            #expect(missing.status == .preconditionRequired && missing.errorCode == "precondition_required")

            let replaced = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(title: "new"), headers: [.ifMatch: "\"1\""])
            #expect(replaced.status == .ok && replaced.headers[.eTag] == "\"2\"")
            #expect(try replaced.decoded(NoteDocument.self).title == "new")

            let stale = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(title: "stale"), headers: [.ifMatch: "\"1\""])
            #expect(stale.status == .preconditionFailed && stale.errorCode == "revision_mismatch")
            #expect(try await client.send(.get, "/v1/notes/a1").decoded(NoteDocument.self).title == "new")

            let garbage = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(), headers: [.ifMatch: "soon"])
            #expect(garbage.status == .badRequest)
            let otherID = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note("b2"), headers: [.ifMatch: "\"2\""])
            #expect(otherID.status == .badRequest && otherID.errorCode == "bad_request")
        }
    }

    @Test func deleteReturnsATombstone() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            #expect(try await client.send(.delete, "/v1/notes/a1").status == .preconditionRequired)
            let deleted = try await client.send(.delete, "/v1/notes/a1", headers: [.ifMatch: "\"1\""])
            #expect(deleted.status == .ok && deleted.headers[.eTag] == "\"2\"")
            let tombstone = try deleted.decoded(NoteDocument.self)
            #expect(tombstone.deleted && tombstone.revision == 2 && tombstone.updated.date == TestServer.now.roundedToMilliseconds)
            #expect(try await client.send(.delete, "/v1/notes/a1", headers: [.ifMatch: "\"1\""]).status == .notFound)
            #expect(try await client.send(.get, "/v1/notes").decoded(NotePage.self).notes.isEmpty)
        }
    }

    @Test func listPagesByID() async throws {
        try await TestServer.make().test { client in
            for id in ["c3", "a1", "b2"] { try await client.send(.post, "/v1/notes", json: JSONSamples.note(id)) }
            let first = try await client.send(.get, "/v1/notes?limit=2").decoded(NotePage.self)
            #expect(first.notes.map(\.id.rawValue) == ["a1", "b2"] && first.next?.rawValue == "b2")
            let last = try await client.send(.get, "/v1/notes?limit=2&after=b2")
            #expect(last.text.contains(#""next":null"#))
            #expect(try last.decoded(NotePage.self).notes.map(\.id.rawValue) == ["c3"])
            #expect(try await client.send(.get, "/v1/notes?limit=0").status == .badRequest)
            #expect(try await client.send(.get, "/v1/notes?limit=1001").status == .badRequest)
            #expect(try await client.send(.get, "/v1/notes?after=XYZ").status == .badRequest)
        }
    }
}

struct NotePage: Decodable {
    let notes: [NoteDocument]
    let next: NoteID?
}
