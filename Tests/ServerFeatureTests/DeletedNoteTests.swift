import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import ServerFeature
import Testing

/// A deleted note is gone for `/v1/notes/{id}`, exactly like one that never existed, while
/// sync still sees its tombstone in the change feed.
@Suite struct DeletedNoteTests {
    /// alice's note a1, created and then deleted (its tombstone is at revision 2).
    static func withDeletedNote(_ body: @Sendable (Client) async throws -> Void) async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            #expect(try await client.send(.delete, "/v1/notes/a1", headers: [.ifMatch: "\"1\""]).status == .ok)
            try await body(client)
        }
    }

    @Test func everyRouteOfOneNoteAnswersADeletedNoteLikeAMissingOne() async throws {
        try await Self.withDeletedNote { client in
            for id in ["a1", "ff"] {
                let get = try await client.send(.get, "/v1/notes/\(id)")
                #expect(get.status == .notFound && get.errorCode == "not_found", "GET \(id)")
                for revision in ["1", "2"] {
                    let put = try await client.send(.put, "/v1/notes/\(id)", json: JSONSamples.note(id, title: "back"),
                                                    headers: [.ifMatch: "\"\(revision)\""])
                    #expect(put.status == .notFound && put.errorCode == "not_found", "PUT \(id) If-Match \(revision)")
                    let delete = try await client.send(.delete, "/v1/notes/\(id)", headers: [.ifMatch: "\"\(revision)\""])
                    #expect(delete.status == .notFound && delete.errorCode == "not_found", "DELETE \(id) If-Match \(revision)")
                }
            }
        }
    }

    @Test func theChangeFeedStillCarriesTheTombstone() async throws {
        try await Self.withDeletedNote { client in
            let changes = try await client.send(.get, "/v1/changes").decoded(ChangesBody.self)
            #expect(changes.changes.map(\.id.rawValue) == ["a1"] && changes.changes.first?.deleted == true)
            #expect(changes.changes.first?.revision == 2)
        }
    }

    @Test func creatingADeletedNotesIDStoresItAfterTheTombstone() async throws {
        try await Self.withDeletedNote { client in
            let created = try await client.send(.post, "/v1/notes", json: JSONSamples.note(title: "Again"))
            #expect(created.status == .created && created.headers[.eTag] == "\"3\"")
            let read = try await client.send(.get, "/v1/notes/a1")
            #expect(read.status == .ok && read.headers[.eTag] == "\"3\"")
            #expect(try read.decoded(NoteDocument.self).title == "Again")
            #expect(try await client.send(.post, "/v1/notes", json: JSONSamples.note()).status == .conflict)
            let feed = try await client.send(.get, "/v1/changes").decoded(ChangesBody.self)
            #expect(feed.changes.map(\.revision) == [3] && feed.changes.first?.deleted == false)
        }
    }

    @Test func postAndPutWriteLiveNotesOnly() async throws {
        try await TestServer.make().test { client in
            let create = try await client.send(.post, "/v1/notes", json: JSONSamples.note(deleted: true))
            #expect(create.status == .badRequest && create.errorCode == "bad_request")
            #expect(try await client.send(.get, "/v1/changes").decoded(ChangesBody.self).changes.isEmpty)
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            let put = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(deleted: true), headers: [.ifMatch: "\"1\""])
            #expect(put.status == .badRequest && put.errorCode == "bad_request")
            #expect(try await client.send(.get, "/v1/notes/a1").status == .ok)
        }
    }

    @Test func syncStillPushesAndPullsTombstones() async throws {
        try await Self.withDeletedNote { client in
            // A client that had a1 at revision 2 (the tombstone) and edited it: the edit is stored and is live again.
            let push = try await client.send(.post, "/v1/sync/push", json: JSONSamples.push("r1", [(JSONSamples.note(title: "Edited"), 2)]))
            let results = try push.decoded(PushResponseBody.self).results
            #expect(results.map(\.status) == [.applied] && results.first?.note?.revision == 3)
            #expect(try await client.send(.get, "/v1/notes/a1").status == .ok)
            // A pushed delete makes a tombstone that GET no longer shows.
            let delete = try await client.send(.post, "/v1/sync/push", json: JSONSamples.push("r2", [(JSONSamples.note(deleted: true), 3)]))
            #expect(try delete.decoded(PushResponseBody.self).results.map(\.status) == [.applied])
            #expect(try await client.send(.get, "/v1/notes/a1").status == .notFound)
        }
    }
}
