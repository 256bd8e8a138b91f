import Foundation
import ChildProcesses
import Testing

/// `GET /v1/events` on the real `quill-server` over its SQLite store, with clients in their own
/// processes (`curl -N`): an event per write with the change's cursor as its ID, a resume with
/// `Last-Event-ID` that misses nothing and repeats nothing, bad and future IDs, a revoked token
/// ending its stream, and SIGTERM closing every stream at once.
@Suite("quill-server event streams", .serialized) struct EventStreamIntegrationTests {
    /// One test's server: a data directory with an account and `tokens` tokens of it, and
    /// `quill-server` started on it with `arguments`.
    struct StreamingServer {
        let data: String
        let tokens: [String]
        let server: ListeningServer

        static func start(account: String, tokens count: Int = 1, _ arguments: [String] = []) async throws -> StreamingServer {
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-events-\(UUID().uuidString)").path
            var tokens = [try await QuillServer.run(["account", "create", account, "--data-dir", data]).output]
            while tokens.count < count { tokens.append(try await QuillServer.run(["account", "token", account, "--data-dir", data]).output) }
            let server = try await QuillServer.start(["--port", "0", "--data-dir", data] + arguments)
            return StreamingServer(data: data, tokens: tokens.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, server: server)
        }

        var token: String { tokens[0] }

        /// A stream of `token`'s account that has said `ready`.
        func stream(_ token: String) async throws -> EventStreamClient {
            let stream = try EventStreamClient(server.url, token: token)
            try await stream.waitFor(1, "ready")
            return stream
        }

        func end() {
            server.terminate()
            try? FileManager.default.removeItem(atPath: data)
        }
    }

    func create(_ server: ListeningServer, token: String, _ title: String) async throws {
        let created = try await server.request("POST", "/v1/notes", token: token, json: #"{"title":"\#(title)","body":"同步 مرحبا 🙂"}"#)
        #expect(created.status == 201, "\(created.body)")
    }

    @Test func eachWriteIsOneEventAndAResumeMissesNothingAndRepeatsNothing() async throws {
        let fixture = try await StreamingServer.start(account: "ann")
        defer { fixture.end() }
        let server = fixture.server, token = fixture.token

        let first = try await fixture.stream(token)
        for index in 1...3 { try await create(server, token: token, "note \(index)") }
        try await first.waitFor(3, "note")
        let notes = first.events.filter { $0.name == "note" }
        #expect(notes.map { $0.data.contains(#""title":"note "#) } == [true, true, true])
        let ids = notes.compactMap { $0.id.flatMap(Int.init) }
        #expect(ids.count == 3 && ids == ids.sorted() && Set(ids).count == 3, "\(first.text)")
        first.stop()

        // Two more while no one listens; a client that resumes from the second gets exactly the rest.
        for index in 4...5 { try await create(server, token: token, "note \(index)") }
        let resumed = try EventStreamClient(server.url, token: token, lastEventID: String(ids[1]))
        try await resumed.waitFor(3, "note")
        try await Task.sleep(for: .milliseconds(300))
        let titles = resumed.events.filter { $0.name == "note" }.map(\.data)
        #expect(titles.count == 3 && titles[0].contains("note 3") && titles[1].contains("note 4") && titles[2].contains("note 5"),
                "\(resumed.text)")
        resumed.stop()

        let malformed = try await server.request("GET", "/v1/events", token: token, headers: ["Last-Event-ID": "yesterday"])
        #expect(malformed.status == 400 && malformed.body.contains("Last-Event-ID"), "\(malformed.body)")
        let future = try EventStreamClient(server.url, token: token, lastEventID: "999999")
        try await future.waitFor(1, "resync")
        #expect(future.events.first { $0.name == "resync" }?.id == String(ids[2] + 2), "\(future.text)")
        future.stop()
        let anonymous = try await server.request("GET", "/v1/events", token: nil)
        #expect(anonymous.status == 401)
    }

    /// What changes outside the feed comes as notices without an ID: an attachment that arrived, a
    /// share made and revoked, another device's token revoked; a resume is still told only notes.
    @Test func attachmentsSharesAndDevicesComeAsNotices() async throws {
        let fixture = try await StreamingServer.start(account: "eve", tokens: 2)
        defer { fixture.end() }
        let server = fixture.server, token = fixture.token, laptop = fixture.tokens[1], data = fixture.data
        let stream = try await fixture.stream(token)

        let bytes = Data("a picture, in a way 🖼".utf8)
        let file = data + "/picture.bin"
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        let sha256 = String(try await ChildProcess.run("/usr/bin/sha256sum", [file]).output.prefix(64))
        let put = try await ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "--data-binary", "@" + file,
                                                             "-H", "Content-Type: application/octet-stream", "-H", "Authorization: Bearer \(token)",
                                                             server.url + "/v1/attachments/\(sha256)"])
        #expect(put.output == "201", "\(put.output) \(put.errors)")
        try await stream.waitFor(1, "attachment")
        let attachment = try #require(stream.events.first { $0.name == "attachment" })
        #expect(attachment.id == nil && attachment.data == #"{"sha256":"\#(sha256)","size":\#(bytes.count)}"#, "\(stream.text)")

        try await create(server, token: token, "shared")
        try await stream.waitFor(1, "note")
        let noteID = try #require(stream.events.first { $0.name == "note" }?.data.firstMatch(of: /"id":"([0-9a-f]+)"/)).1
        let shared = try await server.request("POST", "/v1/notes/\(noteID)/shares", token: token, json: "{}")
        #expect(shared.status == 201, "\(shared.body)")
        try await stream.waitFor(1, "shares")
        let shareID = try #require(shared.body.firstMatch(of: /"id":"([0-9a-f]+)"/)).1
        #expect(try await server.request("DELETE", "/v1/shares/\(shareID)", token: token).status == 204)
        try await stream.waitFor(2, "shares")

        let laptopID = try #require(laptop.split(separator: "_").dropFirst().first)
        #expect(try await server.request("DELETE", "/v1/devices/\(laptopID)", token: token).status == 204)
        try await stream.waitFor(1, "devices")
        #expect(stream.events.filter { ["attachment", "shares", "devices"].contains($0.name) }.allSatisfy { $0.id == nil && $0.data.hasPrefix("{") })
        stream.stop()
    }

    @Test func aRevokedTokenEndsItsStreamAndSigtermClosesTheRestAtOnce() async throws {
        let fixture = try await StreamingServer.start(account: "bea", tokens: 2, ["--event-heartbeat", "1"])
        defer { fixture.end() }
        let server = fixture.server, data = fixture.data, second = fixture.tokens[1]
        let kept = try await fixture.stream(fixture.token), revoked = try await fixture.stream(second)
        let revoking = try await QuillServer.run(["account", "revoke", second, "--data-dir", data])
        #expect(revoking.status == 0, "\(revoking.errors)")
        try await revoked.waitFor(1, "closed")
        try await BoundedWait.until("the revoked token's stream is closed", within: .seconds(10)) { !revoked.isOpen }
        #expect(revoked.events.last?.data.contains("revoked") == true)
        #expect(kept.isOpen)
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(kept.text.contains(": keep-alive"), "an idle stream hears a heartbeat: \(kept.text)")

        let clock = ContinuousClock(), start = clock.now
        #expect(try await server.stop(SIGTERM) == 0)
        #expect(clock.now - start < .seconds(5), "a server with a stream open stops within seconds of SIGTERM")
        try await kept.waitFor(1, "closed")
        try await BoundedWait.until("the stream is closed", within: .seconds(5)) { !kept.isOpen }
    }

    /// Revoked through the API (as the Devices page does), a token's stream ends at once, not at its
    /// next heartbeat (15 s by default).
    @Test func aTokenRevokedThroughTheAPIEndsItsStreamAtOnce() async throws {
        let fixture = try await StreamingServer.start(account: "di", tokens: 2)
        defer { fixture.end() }
        let server = fixture.server, owner = fixture.token, second = fixture.tokens[1]
        let revoked = try await fixture.stream(second)
        let id = try #require(second.split(separator: "_").dropFirst().first)
        let deleted = try await ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "DELETE",
                                                             "-H", "Authorization: Bearer \(owner)", server.url + "/v1/devices/\(id)"],
                                           environment: ProcessInfo.processInfo.environment)
        #expect(deleted.output == "204", "\(deleted.output) \(deleted.errors)")
        let clock = ContinuousClock(), start = clock.now
        try await revoked.waitFor(1, "closed", within: .seconds(10))
        #expect(clock.now - start < .seconds(5), "closed at the revocation, not at a heartbeat")
        #expect(revoked.events.last?.data.contains("revoked") == true)
    }

    @Test func aClientThatGoesAwayGivesItsSlotBackAtOnce() async throws {
        // The default heartbeat (15 s): before, a stream whose client left held its slot until its next write.
        let fixture = try await StreamingServer.start(account: "cy")
        defer { fixture.end() }
        let server = fixture.server, token = fixture.token
        var clients: [EventStreamClient] = []
        for _ in 0..<100 { clients.append(try EventStreamClient(server.url, token: token)) }
        for client in clients { try await client.waitFor(1, "ready", within: .seconds(60)) }
        let refused = try await server.request("GET", "/v1/events", token: token)
        #expect(refused.status == 429 && refused.body.contains("too_many_streams"), "\(refused.body)")
        for client in clients { client.stop() }
        try await BoundedWait.until("a new stream is taken once the others' clients left", within: .seconds(5), checkingEvery: .milliseconds(100)) {
            let next = try EventStreamClient(server.url, token: token)
            defer { next.stop() }
            try await Task.sleep(for: .milliseconds(300))
            return next.events.contains { $0.name == "ready" }
        }
    }

    /// A client that stops reading: it connects with a tiny receive buffer and never reads, while
    /// the account's writes fill its socket; once the file argv[3] exists (the writes are done),
    /// it waits three seconds more (beyond the two heartbeats a stalled write gets) and then
    /// reads, to see whether the server closed the stream. (Run as its own process, as such a
    /// client would be; told by a file, not a fixed sleep, so that a slow machine cannot make
    /// it read before the writes are done.)
    static let stalledClient = """
        import socket, sys, time
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", int(sys.argv[1])))
        s.sendall(("GET /v1/events HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer %s\\r\\n\\r\\n" % sys.argv[2]).encode())
        import os
        while not os.path.exists(sys.argv[3]):
            time.sleep(0.05)
        time.sleep(3)
        s.settimeout(1)
        deadline = time.time() + 10
        try:
            while time.time() < deadline:
                try:
                    if not s.recv(1 << 20):
                        print("closed")
                        break
                except socket.timeout:
                    pass
            else:
                print("open")
        except OSError:
            print("closed")
        """

    @Test func aClientThatStopsReadingIsDroppedAndNeverHoldsUpSigterm() async throws {
        let fixture = try await StreamingServer.start(account: "dee", ["--event-heartbeat", "1"])
        defer { fixture.end() }
        let server = fixture.server, token = fixture.token
        let writesDone = fixture.data + "/writes-done"
        let stalled = Task.detached { [port = server.port] in
            try await ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.stalledClient, String(port), token, writesDone])
        }
        try await Task.sleep(for: .milliseconds(500))
        // About 7 MB of events, far more than the sockets between them hold.
        let title = String(repeating: "同", count: 250)
        for batch in 0..<10 {
            let changes = (0..<1000).map { index in
                #"{"baseRevision":null,"note":"# + NoteJSONSample.note(String(format: "%08x%08x", batch, index), title: title) + "}"
            }
            let pushed = try await server.request("POST", "/v1/sync/push", token: token,
                                                  json: #"{"requestID":"stall-\#(batch)","changes":["# + changes.joined(separator: ",") + "]}")
            #expect(pushed.status == 200, "\(pushed.body.prefix(300))")
        }
        #expect(FileManager.default.createFile(atPath: writesDone, contents: Data()))
        #expect(try await stalled.value.output == "closed\n", "a stream whose client stopped reading is dropped after two heartbeats")

        let open = try await fixture.stream(token)
        let clock = ContinuousClock(), start = clock.now
        #expect(try await server.stop(SIGTERM) == 0)
        #expect(clock.now - start < .seconds(5), "\(server.log)")
        open.stop()
    }
}
