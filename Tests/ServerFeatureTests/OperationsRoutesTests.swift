import Hummingbird
import HummingbirdTesting
import ServerFeature
import Testing

@Suite struct OperationsRoutesTests {
    @Test func infoNeedsAuthAndNamesTheAPIVersion() async throws {
        try await TestServer.make().test { client in
            let info = try await client.send(.get, "/v1/info")
            #expect(info.status == .ok && info.text == #"{"apiVersion":1,"features":["attachments","links","push-applied-as-revision","push-merge","events","shares","device-login"],"limits":{"maxAttachmentBytes":104857600},"minimumClientApiVersion":1}"#)
            #expect(try await client.send(.get, "/v1/info", as: .some(nil)).status == .unauthorized)
        }
    }

    @Test func healthAndReadiness() async throws {
        try await TestServer.make().test { client in
            let health = try await client.send(.get, "/healthz", as: .some(nil))
            #expect(health.status == .ok && health.text == #"{"status":"ok"}"#)
            #expect(try await client.send(.get, "/readyz", as: .some(nil)).status == .ok)
        }
    }

    @Test func readinessFailsWhenTheDatabaseDoesNotAnswer() async throws {
        try await TestServer.make(failing: [.readiness]).test { client in
            let ready = try await client.send(.get, "/readyz", as: .some(nil))
            #expect(ready.status == .serviceUnavailable && ready.errorCode == "unavailable")
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        try await TestServer.make().test { client in
            try await client.send(.get, "/v1/notes/ff")
            try await client.send(.get, "/healthz")
            let metrics = try await client.send(.get, "/metrics", as: .some(nil))
            #expect(metrics.status == .ok && metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"quill_http_requests_total{route="/v1/notes/{id}",method="GET",status="404"} 1"#), "\(metrics.text)")
            #expect(metrics.text.contains("quill_http_request_duration_seconds_bucket"))
        }
    }

    @Test func liveServerOnAFreePort() async throws {
        try await TestServer.make().test(.live) { client in
            #expect(client.base.port != nil && client.base.port != 0)
            let created = try await client.send(.post, "/v1/notes", json: JSONSamples.note())
            #expect(created.status == .created)
            let read = try await client.send(.get, "/v1/notes/a1")
            #expect(read.headers[.eTag] == "\"1\"")
            let unknown = try await client.send(.get, "/nope")
            #expect(unknown.errorCode == "not_found")
        }
    }
}
