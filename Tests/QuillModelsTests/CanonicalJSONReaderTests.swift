import QuillModels
import Testing

/// Strings read back as `JSONText` wrote them, however long and wherever their escapes fall,
/// including past what the reader reserves before unescaping.
@Suite struct CanonicalJSONReaderTests {
    func readStrings(_ texts: [String]) -> [String?] {
        var bytes: [UInt8] = []
        for text in texts { JSONText.appendString(text, to: &bytes) }
        return bytes.withUnsafeBytes { raw in
            var reader = CanonicalJSONReader(bytes: raw)
            let read = texts.map { _ in reader.string() }
            #expect(reader.isAtEnd)
            return read
        }
    }

    @Test func longStringsWithEscapesReadBack() {
        let line = "a line with \"quotes\", a tab\tand 同步 🌱\n"
        let texts = [
            String(repeating: line, count: 1_000),
            String(repeating: "x", count: 20_000) + "\n" + String(repeating: "é", count: 10_000),
            "\n" + String(repeating: "y", count: 9_000) + "\\",
            "short\n",
            "no escape at all",
        ]
        #expect(readStrings(texts) == texts.map(Optional.some))
    }
}
