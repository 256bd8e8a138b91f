import Foundation
import ChildProcesses
import Testing

/// A connection that sends nothing is closed after `--idle-timeout`: one that never sent a byte,
/// one that left its request half-sent (a slow-loris client holds the server's descriptors so),
/// and one kept open after its answer. A response still being written is never cut: an event
/// stream outlives the timeout by its heartbeats. Tried with the real binary and raw sockets.
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
}
