import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

struct ChangesPage: Decodable {
    let changes: [NoteDocument]
    let next: String
    let hasMore: Bool
}

struct PushResults: Decodable {
    let results: [PushOutcome]
    let next: String?
}

@Suite struct SyncRoutesTests {
    @Test func changesPageThroughWritesInOrder() async throws {
        try await TestServer.make().test { client in
            for id in ["01", "02", "03"] { try await client.send(.post, "/v1/notes", json: JSONSamples.note(id)) }
            try await client.send(.delete, "/v1/notes/01", headers: [.ifMatch: "\"1\""])
            let first = try await client.send(.get, "/v1/changes?limit=2").decoded(ChangesPage.self)
            #expect(first.changes.map(\.id.rawValue) == ["02", "03"] && first.hasMore)
            let second = try await client.send(.get, "/v1/changes?since=\(first.next)&limit=2").decoded(ChangesPage.self)
            #expect(second.changes.map(\.id.rawValue) == ["01"] && second.changes[0].deleted && !second.hasMore)
            let empty = try await client.send(.get, "/v1/changes?since=\(second.next)").decoded(ChangesPage.self)
            #expect(empty.changes.isEmpty && empty.next == second.next)
            #expect(try await client.send(.get, "/v1/changes", as: client.bob).decoded(ChangesPage.self).changes.isEmpty)
        }
    }

    @Test(arguments: ["since=abc", "since=-1", "limit=0", "limit=1001", "limit=x"])
    func badChangeQueriesAre400(_ query: String) async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.get, "/v1/changes?\(query)")
            #expect(response.status == .badRequest && response.errorCode == "bad_request")
        }
    }

    @Test func aPushSentWithTheLatestCursorAnswersTheCursorAfterIt() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("e1"))
            let latest = try await client.send(.get, "/v1/changes").decoded(ChangesPage.self).next
            let push = { (id: String, since: String) in
                #"{"changes":[{"baseRevision":null,"note":\#(JSONSamples.note(id))}],"requestID":"\#(id)","since":"\#(since)"}"#
            }
            let answer = try await client.send(.post, "/v1/sync/push", json: push("f1", latest)).decoded(PushResults.self)
            let next = try #require(answer.next)
            #expect(try await client.send(.get, "/v1/changes?since=\(next)").decoded(ChangesPage.self).changes.isEmpty)
            #expect(try await client.send(.post, "/v1/sync/push", json: push("f2", latest)).decoded(PushResults.self).next == nil)
            for since in ["abc", "-1", "99999999999999999999"] {
                let refused = try await client.send(.post, "/v1/sync/push", json: push("f3", since))
                #expect(refused.status == .badRequest && refused.text.contains("since"))
            }
            let null = #"{"changes":[],"requestID":"n","since":null}"#
            #expect(try await client.send(.post, "/v1/sync/push", json: null).status == .badRequest)
        }
    }

    @Test func pushReportsEachChangeAndIsIdempotent() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("e1", title: "server"))
            let body = JSONSamples.push("req-1", [
                (JSONSamples.note("f1", title: "new"), nil),
                (JSONSamples.note("e1", title: "edit"), 1),
                (JSONSamples.note("e1", title: "stale"), 1),
            ])
            let response = try await client.send(.post, "/v1/sync/push", json: body)
            #expect(response.status == .ok)
            let results = try response.decoded(PushResults.self).results
            #expect(results.map(\.status) == [.applied, .applied, .conflict])
            #expect(results.map(\.note.revision) == [1, 2, 2])
            #expect(results[2].note.title == "edit")
            #expect(response.text.contains(#""status":"conflict""#))

            let retry = try await client.send(.post, "/v1/sync/push", json: body)
            #expect(retry.text == response.text)
            #expect(try await client.send(.get, "/v1/notes/e1").headers[.eTag] == "\"2\"")
        }
    }

    @Test("A push that asks for `appliedAs: revision` gets each applied change as its revision alone, a conflict whole, and the same from a retry")
    func pushAnswersAppliedChangesByTheirRevision() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("e1", title: "server"))
            let changes = [(JSONSamples.note("f1", title: "new"), Int?.none), (JSONSamples.note("e1", title: "edit"), 1),
                           (JSONSamples.note("e1", title: "stale"), 1)]
            let body = JSONSamples.push("req-1", changes).replacingOccurrences(of: #"{"requestID""#, with: #"{"appliedAs":"revision","requestID""#)
            let response = try await client.send(.post, "/v1/sync/push", json: body)
            #expect(response.status == .ok, "\(response.text)")
            let results = try response.decoded(PushResponseBody.self).results
            #expect(results.map(\.status) == [.applied, .applied, .conflict])
            #expect(results.map(\.revision) == [1, 2, nil])
            #expect(results[0].note == nil && results[1].note == nil && results[2].note?.title == "edit")
            #expect(!response.text.contains("new") && response.text.contains(#"{"id":"f1","revision":1,"status":"applied"}"#))
            #expect(try await client.send(.post, "/v1/sync/push", json: body).text == response.text)

            let whole = try await client.send(.post, "/v1/sync/push", json: JSONSamples.push("req-1", changes))
            #expect(try whole.decoded(PushResponseBody.self).results.map { $0.note?.revision } == [1, 2, 2])
            let unknown = body.replacingOccurrences(of: #""appliedAs":"revision""#, with: #""appliedAs":"diff""#)
            #expect(try await client.send(.post, "/v1/sync/push", json: unknown).status == .badRequest)
        }
    }

    /// Issue 14: the same request ID with other changes is 422 `request_id_reused` and applies
    /// nothing; the same changes written differently (spacing, key order, tag order) are the same push.
    @Test func aRequestIDWithOtherChangesIs422() async throws {
        try await TestServer.make().test { client in
            let first = JSONSamples.push("req-1", [(JSONSamples.note("f1", title: "new"), nil)])
            let answer = try await client.send(.post, "/v1/sync/push", json: first)
            #expect(answer.status == .ok)
            let respaced = #"{ "changes" : [ {"baseRevision":null, "note":\#(JSONSamples.note("f1", title: "new"))} ], "requestID":"req-1" }"#
            #expect(try await client.send(.post, "/v1/sync/push", json: respaced).text == answer.text)

            let other = JSONSamples.push("req-1", [(JSONSamples.note("f1", title: "new"), nil), (JSONSamples.note("f2"), nil)])
            let refused = try await client.send(.post, "/v1/sync/push", json: other)
            #expect(refused.status == .unprocessableContent && refused.errorCode == "request_id_reused", "\(refused.text)")
            #expect(try await client.send(.get, "/v1/notes/f2").status == .notFound)
            let edited = JSONSamples.push("req-1", [(JSONSamples.note("f1", title: "edited"), nil)])
            #expect(try await client.send(.post, "/v1/sync/push", json: edited).errorCode == "request_id_reused")
        }
    }

    @Test(arguments: [
        #"{"requestID":"","changes":[]}"#,
        #"{"requestID":"r","changes":{}}"#,
        #"{"changes":[]}"#,
        #"{"requestID":"r","changes":[{"note":{},"baseRevision":null}]}"#,
        #"{"requestID":"r","changes":[{"note":\#(JSONSamples.note(title: "")),"baseRevision":null}]}"#,
        #"{"requestID":"r","changes":[{"note":\#(JSONSamples.note()),"baseRevision":0}]}"#,
        #"{"requestID":"r","changes":[{"note":\#(JSONSamples.note()),"baseRevision":"1"}]}"#,
    ])
    func malformedPushesAre400(_ json: String) async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.post, "/v1/sync/push", json: json)
            #expect(response.status == .badRequest && response.errorCode == "bad_request", "\(response.text)")
        }
    }

    @Test func pushOfMoreThan1000ChangesIs400() async throws {
        try await TestServer.make().test { client in
            let changes = (0...1000).map { (JSONSamples.note(String($0, radix: 16)), Int?.none) }
            let response = try await client.send(.post, "/v1/sync/push", json: JSONSamples.push("big", changes))
            #expect(response.status == .badRequest && response.text.contains("1000"))
        }
    }
}
