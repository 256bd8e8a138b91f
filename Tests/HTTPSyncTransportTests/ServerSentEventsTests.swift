@testable import HTTPSyncTransport
import Testing

/// The event-stream reader cuts events as the HTML standard does, however the bytes are split.
@Suite("Server-sent events")
struct ServerSentEventsTests {
    static let stream = Array("retry: 2000\r\n\r\nid: 41\r\nevent: ready\r\ndata: {\"cursor\":\"41\"}\r\n\r\n: keep-alive\n\ndata: one\ndata:two\n\nid\nevent: closed\ndata: {}\n\n".utf8)
    static let expected = [
        ServerSentEvents.Event(name: "ready", data: "{\"cursor\":\"41\"}", id: "41"),
        ServerSentEvents.Event(name: "message", data: "one\ntwo", id: "41"),
        ServerSentEvents.Event(name: "closed", data: "{}", id: nil),
    ]

    @Test("Fields, comments, CRLF, several data lines, and an ID kept until reset, whole or split at every byte",
          arguments: [1, 2, 3, 7, stream.count])
    func splitAnywhere(_ pieceSize: Int) throws {
        var parser = ServerSentEvents()
        var events: [ServerSentEvents.Event] = []
        var start = 0
        while start < Self.stream.count {
            let end = min(start + pieceSize, Self.stream.count)
            events += try parser.take(Self.stream[start..<end])
            start = end
        }
        #expect(events == Self.expected)
    }

    @Test("An event not yet ended by a blank line is not dispatched")
    func incomplete() throws {
        var parser = ServerSentEvents()
        #expect(try parser.take(Array("event: note\ndata: {}\n".utf8)).isEmpty)
        #expect(try parser.take(Array("\n".utf8)) == [ServerSentEvents.Event(name: "note", data: "{}", id: nil)])
    }
}
