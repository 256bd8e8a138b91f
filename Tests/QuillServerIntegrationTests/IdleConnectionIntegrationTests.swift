import Foundation
import ChildProcesses
import StandardTesting
import Testing

/// A connection that sends nothing is closed after `--idle-timeout`: one that never sent a byte,
/// one that left its request half-sent (a slow-loris client holds the server's descriptors so),
/// and one kept open after its answer. A response still being written is not idle: an event
/// stream outlives the timeout by its heartbeats. A client that takes none of a large answer is
/// cut off after as long, one that reads it slowly is not. Tried with the real binary and raw
/// sockets.
@Suite struct IdleConnectionIntegrationTests {
    /// Opens the four connections, waits past the timeout, then reads each until the server
    /// closes it or ten seconds pass; prints each one's fate, then a new connection's status.
    static let client = """
        import socket, sys, time
        port, token, timeout = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
        def connect(request):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(request)
            return s
        connections = [
            ("silent", connect(b"")),
            ("half-sent", connect(b"GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n")),
            ("kept-alive", connect(b"GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")),
            ("event-stream", connect(("GET /v1/events HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer %s\\r\\n\\r\\n" % token).encode())),
        ]
        time.sleep(timeout * 3)
        for name, s in connections:
            s.settimeout(0.2)
            deadline, fate, received = time.time() + (2 if name == "event-stream" else 10), "open", b""
            while time.time() < deadline:
                try:
                    data = s.recv(65536)
                except socket.timeout:
                    continue
                except OSError:
                    fate = "closed"
                    break
                if not data:
                    fate = "closed"
                    break
                received += data
            print(name, fate, "keep-alive" if b": keep-alive" in received else "")
        fresh = connect(b"GET /healthz HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n")
        print("fresh", fresh.recv(64).split(b" ")[1].decode())
        """

    @Test func aConnectionThatSendsNothingIsClosedAndAResponseBeingWrittenIsNot() async throws {
        let fixture = try await EventStreamIntegrationTests.StreamingServer.start(
            account: "ida", ["--idle-timeout", "1", "--event-heartbeat", "1"])
        defer { fixture.end() }
        let output = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.client, String(fixture.server.port), fixture.token, "1"]).output
        #expect(output == """
            silent closed \("")
            half-sent closed \("")
            kept-alive closed \("")
            event-stream open keep-alive
            fresh 200

            """, "\(fixture.server.log)")
    }

    /// Asks for a page of changes of about 8 MB, more than the sockets between them hold. Then
    /// either reads nothing for twice the timeout and more (`stalled`, with a receive buffer of
    /// 4 KiB), or reads 64 KiB every 50 ms, so that the answer takes more than three timeouts to
    /// come (`slow`); then reads whatever comes until the server closes the connection or five
    /// seconds pass. Prints whether the whole answer came: the server cuts a connection off by
    /// dropping what waits for the client, while what its kernel holds still arrives.
    static let reader = """
        import socket, sys, time
        port, token, timeout, mode = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), sys.argv[4]
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096 if mode == "stalled" else 65536)
        s.connect(("127.0.0.1", port))
        s.sendall(("GET /v1/changes?limit=1000 HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer %s\\r\\n\\r\\n" % token).encode())
        received = 0
        if mode == "stalled":
            time.sleep(timeout * 2 + 3)
        else:
            s.settimeout(5)
            begin = time.time()
            try:
                while received < 8000000:
                    data = s.recv(65536)
                    if not data:
                        break
                    received += len(data)
                    time.sleep(0.05)
            except OSError:
                pass
            if time.time() - begin < timeout * 3:
                print("too fast to tell")
        s.settimeout(5)
        try:
            while True:
                data = s.recv(1 << 20)
                if not data:
                    break
                received += len(data)
        except OSError:
            pass
        print(mode, "answered whole" if received > 8000000 else "cut off")
        """

    @Test func aClientThatTakesNoneOfAnAnswerIsCutOffAndOneThatReadsSlowlyIsNot() async throws {
        let fixture = try await EventStreamIntegrationTests.StreamingServer.start(account: "ivo", ["--idle-timeout", "2"])
        defer { fixture.end() }
        let server = fixture.server, token = fixture.token
        // 1,000 notes of 8 KiB of text that does not repeat.
        var generator = SplitMix64(seed: 61)
        for batch in 0..<5 {
            let changes = (0..<200).map { index in
                let body = (0..<1024).map { _ in String(format: "%07x ", UInt32.random(in: 0...0xfffffff, using: &generator)) }.joined()
                return #"{"baseRevision":null,"note":"# + NoteJSONSample.note(String(format: "%08x%08x", batch, index), title: "n", body: body) + "}"
            }
            let pushed = try await server.request("POST", "/v1/sync/push", token: token,
                                                  json: #"{"requestID":"big-\#(batch)","changes":["# + changes.joined(separator: ",") + "]}")
            #expect(pushed.status == 200, "\(pushed.body.prefix(300))")
        }
        async let stalled = ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.reader, String(server.port), token, "2", "stalled"])
        async let slow = ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.reader, String(server.port), token, "2", "slow"])
        #expect(try await stalled.output == "stalled cut off\n", "\(server.log)")
        #expect(try await slow.output == "slow answered whole\n", "\(server.log)")
    }

    /// A server that may open 128 files, and 300 connections that send nothing: the kernel takes
    /// them all, the server can take only what its descriptors allow. Prints whether a request
    /// made after them was answered within 30 seconds (it waits for idle ones to be closed).
    static let crowd = """
        import socket, sys, time, urllib.request
        port = int(sys.argv[1])
        silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(300)]
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=30).read()
            print("answered")
        except Exception as error:
            print("not answered:", error)
        """

    /// One connection kept, then 200 that send nothing, then an upload on the kept one: the
    /// upload needs a descriptor of its own for the file it writes. Prints the upload's status line.
    static let uploadInACrowd = """
        import hashlib, socket, sys, time
        port, token = int(sys.argv[1]), sys.argv[2]
        kept = socket.create_connection(("127.0.0.1", port), timeout=5)
        time.sleep(0.3)
        silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(200)]
        time.sleep(1)
        body = "bytes of an attachment 同步 ".encode() * 100
        kept.sendall(("PUT /v1/attachments/%s HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer %s\\r\\nContent-Length: %d\\r\\n\\r\\n"
                      % (hashlib.sha256(body).hexdigest(), token, len(body))).encode() + body)
        kept.settimeout(20)
        print(kept.recv(200).split(b"\\r\\n")[0].decode())
        """

    /// Connections that send nothing took every descriptor, and a request that opens a file
    /// (an upload) failed with "Too many open files" (503): the server holds no more connections
    /// than its descriptors allow less a reserve (`ConnectionLimit`), the rest wait in the backlog.
    @Test func aCrowdOfSilentConnectionsLeavesDescriptorsForTheRequestsBeingAnswered() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-crowd-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let token = try await QuillServer.run(["account", "create", "cy", "--data-dir", data]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try await ListeningServer("/usr/bin/prlimit", ["--nofile=128", QuillServer.binary, "--port", "0", "--data-dir", data,
                                                                   "--idle-timeout", "30"])
        defer { server.terminate() }
        let output = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.uploadInACrowd, String(server.port), token]).output
        #expect(output == "HTTP/1.1 201 Created\n", "\(server.log)")
    }

    @Test func connectionsThatSendNothingCannotStarveAServerOfDescriptors() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-idle-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try await ListeningServer("/usr/bin/prlimit", ["--nofile=128", QuillServer.binary, "--port", "0", "--data-dir", data,
                                                                   "--idle-timeout", "2"])
        defer { server.terminate() }
        let output = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.crowd, String(server.port)]).output
        #expect(output == "answered\n", "\(server.log)")
    }
}
