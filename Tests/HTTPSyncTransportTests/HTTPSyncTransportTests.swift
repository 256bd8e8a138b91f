import Foundation
import HTTPSyncTransport
import QuillModels
import SyncStateInterface
import SyncTransportInterface
import Testing

/// How the live transport speaks HTTP and maps answers to `SyncError`, against a stub server.
@Suite("HTTPSyncTransport against a stub server", .serialized)
struct HTTPSyncTransportTests {
    func transport(_ server: StubHTTPServer, timeout: TimeInterval = 5) -> HTTPSyncTransport {
        HTTPSyncTransport(credentials: Credentials(server: server.url, token: "qt_token"), timeout: timeout)
    }

    let noteJSON = #"{"body":"b","created":"2026-11-18T11:06:40.123Z","deleted":false,"format":1,"id":"ab","revision":3,"tags":["x"],"title":"T","updated":"2026-11-18T11:06:40.123Z"}"#

    @Test("Requests carry the bearer token; info, changes and push decode the contract's JSON")
    func happyPath() async throws {
        let server = try StubHTTPServer(replies: [
            .respond(status: 200, body: #"{"apiVersion":1,"minimumClientApiVersion":1}"#),
            .respond(status: 200, body: #"{"changes":[\#(noteJSON)],"next":"17","hasMore":true}"#),
            .respond(status: 200, body: #"{"results":[{"id":"ab","status":"applied","note":\#(noteJSON)}]}"#),
        ])
        defer { server.stop() }
        let http = transport(server)
        #expect(try await http.serverInfo() == ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1))
        let page = try await http.changes(since: SyncCursor("5"), limit: 100)
        #expect(page.next == SyncCursor("17") && page.hasMore && page.changes.map(\.title) == ["T"])
        let note = try #require(page.changes.first)
        let results = try await http.push(PushRequest(requestID: "r1", changes: [OutgoingChange(note: note, baseRevision: nil)]))
        #expect(results.results == [.applied(note)])

        let received = server.received
        #expect(received.count == 3)
        #expect(received.allSatisfy { $0.head.contains("Authorization: Bearer qt_token") })
        #expect(received[0].head.hasPrefix("GET /v1/info "))
        #expect(received[1].head.hasPrefix("GET /v1/changes?limit=100&since=5 "))
        #expect(received[2].head.hasPrefix("POST /v1/sync/push "))
        #expect(received[2].body.hasPrefix(#"{"changes":[{"baseRevision":null,"note":{"body":"b""#))
        #expect(received[2].body.hasSuffix(#""requestID":"r1"}"#))
    }

    @Test("A push's applied change answered by its revision is the pushed note at that revision; a conflict still comes whole")
    func appliedChangesByRevision() async throws {
        let conflicting = noteJSON.replacingOccurrences(of: #""id":"ab""#, with: #""id":"cd""#)
        let server = try StubHTTPServer(replies: [
            .respond(status: 200, body: #"{"apiVersion":1,"features":["attachments","links","push-applied-as-revision"],"minimumClientApiVersion":1}"#),
            .respond(status: 200, body: #"{"results":[{"id":"ab","revision":7,"status":"applied"},{"id":"cd","note":\#(conflicting),"status":"conflict"}]}"#),
        ])
        defer { server.stop() }
        let mine = try Note(id: NoteID("ab")!, title: "Mine", body: "text", tags: [], created: .now, updated: .now)
        let other = try Note(id: NoteID("cd")!, title: "Other", body: "", tags: [], created: .now, updated: .now)
        let http = transport(server)
        #expect(try await http.serverInfo() == ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true,
                                                          answersAppliedByRevision: true))
        let reply = try await http.push(PushRequest(requestID: "r", changes: [
            OutgoingChange(note: mine, baseRevision: nil), OutgoingChange(note: other, baseRevision: 1),
        ], asksAppliedByRevision: true))
        #expect(server.received.last?.body.hasPrefix(#"{"appliedAs":"revision","changes":["#) == true)
        #expect(reply.results.count == 2)
        #expect(reply.results.first == .applied(try mine.withRevision(7)))
        guard case .conflict(let theirs) = reply.results.last else { Issue.record("\(reply.results)"); return }
        #expect(theirs.id == other.id && theirs.title == "T" && theirs.revision == 3)
    }

    @Test("HTTP failures become the right SyncError", arguments: [
        (401, #"{"error":{"code":"unauthorized","message":"bad token"}}"#, SyncError.unauthorized),
        (503, #"{"error":{"code":"unavailable","message":"db down"}}"#, .serverError(status: 503, message: "db down")),
        (502, "<html>bad gateway</html>", .serverError(status: 502, message: "an HTML page, not quill-server's answer (a proxy's, or another web server's)")),
        (404, "\n<!DOCTYPE HTML>\n<html><head><title>Error response</title></head></html>",
         .rejected(status: 404, code: "http_404", message: "an HTML page, not quill-server's answer (a proxy's, or another web server's)")),
        (404, "404 page not found\nmore", .rejected(status: 404, code: "http_404", message: "404 page not found")),
        (403, "", .rejected(status: 403, code: "http_403", message: "an empty answer")),
        (507, #"{"error":{"code":"storage_full","message":"the server's disk is full"}}"#, .serverStorageFull("the server's disk is full")),
        (400, #"{"error":{"code":"bad_request","message":"title: empty"}}"#,
         .rejected(status: 400, code: "bad_request", message: "title: empty")),
    ])
    func statusMapping(status: Int, body: String, expected: SyncError) async throws {
        let server = try StubHTTPServer(replies: [.respond(status: status, body: body)])
        defer { server.stop() }
        await #expect(throws: expected) { try await transport(server).serverInfo() }
    }

    @Test("An answer that is not the contract's JSON, or holds an invalid note, is a bad response")
    func badResponses() async throws {
        let invalid = noteJSON.replacingOccurrences(of: #""title":"T""#, with: #""title":"""#)
        let server = try StubHTTPServer(replies: [
            .respond(status: 200, body: "{not json"),
            .respond(status: 200, body: #"{"changes":[\#(invalid)],"next":"1","hasMore":false}"#),
            .respond(status: 200, body: #"{"results":[]}"#),
            .respond(status: 200, body: #"{"results":[{"id":"ab","status":"conflict"}]}"#),
            .respond(status: 200, body: #"{"results":[{"id":"ab","revision":0,"status":"applied"}]}"#),
            .respond(status: 200, body: #"{"results":[{"id":"cd","revision":2,"status":"applied"}]}"#),
        ])
        defer { server.stop() }
        let http = transport(server)
        for call in 0..<6 {
            await #expect {
                switch call {
                case 0: _ = try await http.serverInfo()
                case 1: _ = try await http.changes(since: nil, limit: 1)
                default:
                    let note = try Note(id: NoteID("ab")!, title: "T", body: "", tags: [], created: .now, updated: .now)
                    _ = try await http.push(PushRequest(requestID: "r", changes: [OutgoingChange(note: note, baseRevision: nil)]))
                }
            } throws: { error in
                if case .badResponse = error as? SyncError { true } else { false }
            }
        }
    }

    @Test("A slow answer is a retryable timeout; a dropped connection is retryable")
    func timeouts() async throws {
        let server = try StubHTTPServer(replies: [.delayed(seconds: 3, status: 200, body: "{}"), .hangUp])
        defer { server.stop() }
        let http = transport(server, timeout: 1)
        await #expect { _ = try await http.serverInfo() } throws: { ($0 as? SyncError)?.isRetryable == true }
        await #expect { _ = try await http.serverInfo() } throws: { ($0 as? SyncError)?.isRetryable == true }
    }

    @Test("Nobody listening is 'unreachable', reported at once, not retried")
    func unreachable() async throws {
        let server = try StubHTTPServer(replies: [])
        server.stop()
        await #expect { _ = try await transport(server).serverInfo() } throws: { error in
            guard let error = error as? SyncError, case .unreachable(let reason) = error else { return false }
            return !error.isRetryable && reason.hasSuffix("refused the connection (is quill-server running there, on that port?)")
        }
    }
}
