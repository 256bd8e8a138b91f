import Foundation
import Logging
import ServerComposition
import Testing

/// The two line formats of `quill-server`'s log: compact text for a person, one JSON object per
/// line for a collector; either way one event is exactly one line.
@Suite struct CompactLogHandlerTests {
    /// 2026-01-01T10:00:00.123Z
    static let time = timespec(tv_sec: 1_767_261_600, tv_nsec: 123_456_789)

    func logged(_ format: LogFormat, _ body: (Logger) -> Void) -> String {
        let sink = CollectingSink()
        let writer = BufferedLogWriter(sink: sink.write)
        var handler = CompactLogHandler(label: "quill-server", format: format, writer: writer, clock: { Self.time })
        handler[metadataKey: "hb.request.id"] = "7"
        body(Logger(label: "quill-server") { _ in handler })
        writer.shutdown()
        return sink.text
    }

    @Test func textIsOneLineWithTheTimeTheLevelTheMessageAndSortedMetadata() {
        let text = logged(.text) { logger in
            logger.info("GET /v1/notes/ab 200 0.310ms", metadata: ["http.status": "200", "note": "two words"])
            logger.warning("line one\nline two")
        }
        #expect(text == """
            2026-01-01T10:00:00.123Z info GET /v1/notes/ab 200 0.310ms hb.request.id=7 http.status=200 note="two words"
            2026-01-01T10:00:00.123Z warning line one\\nline two hb.request.id=7

            """)
    }

    @Test func jsonIsOneObjectPerLineThatAJSONParserReads() throws {
        let text = logged(.json) { logger in
            logger.info("say \"hi\"\n", metadata: ["http.status": "200", "message": "clash"])
            logger.error("second")
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: String])
        #expect(first == [
            "time": "2026-01-01T10:00:00.123Z", "level": "info", "label": "quill-server", "message": "say \"hi\"\n",
            "hb.request.id": "7", "http.status": "200", "metadata.message": "clash",
        ])
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: String])
        #expect(second["level"] == "error" && second["message"] == "second")
    }
}
