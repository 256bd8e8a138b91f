import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import ServerFeature
import Testing

/// Revisions a client names stay far from `Int.max`, so no write can overflow one, and
/// `If-Match` is exactly the strong entity tag a note's ETag is.
@Suite struct RevisionBoundsTests {
    /// Found by the stateful fuzz: this push trapped on `baseRevision + 1` and killed the server.
    @Test func aPushBasedOnTheLargestIntegerIsRefused() async throws {
        try await TestServer.make().test { client in
            let push = try await client.send(.post, "/v1/sync/push", json: JSONSamples.push("r1", [(JSONSamples.note(), Int.max)]))
            #expect(push.status == .badRequest && push.errorCode == "bad_request")
            #expect(push.text.contains("changes[0].baseRevision"))
            let largest = try await client.send(.post, "/v1/sync/push", json: JSONSamples.push("r2", [(JSONSamples.note(), 999_999_999_999_999)]))
            #expect(try largest.decoded(PushResponseBody.self).results.first?.note?.revision == 1_000_000_000_000_000)
        }
    }

    @Test func ifMatchIsOneStrongQuotedRevision() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            for value in ["1", "W/\"1\"", "\"01\"", "\"1\", \"2\"", "*", "\"\"", "\"-1\"", "\"+1\"", "\"1 \"",
                          "\"9223372036854775807\"", "\"1000000000000000000\"", "%22%22", "%221\"", "%2201%22", "%22"] {
                let put = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(title: "new"), headers: [.ifMatch: value])
                #expect(put.status == .badRequest && put.errorCode == "bad_request", "If-Match: \(value)")
                let delete = try await client.send(.delete, "/v1/notes/a1", headers: [.ifMatch: value])
                #expect(delete.status == .badRequest, "If-Match: \(value)")
            }
            let stale = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(), headers: [.ifMatch: "\"999999999999999999\""])
            #expect(stale.status == .preconditionFailed)
            #expect(try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(), headers: [.ifMatch: "\"1\""]).status == .ok)
            // The quotes percent-encoded, as a client generated from docs/openapi.yaml sends them.
            #expect(try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(), headers: [.ifMatch: "%222%22"]).status == .ok)
        }
    }
}
