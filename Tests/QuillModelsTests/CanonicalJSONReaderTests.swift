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

    /// JSON's one unescaping, as the archive's front matter and manifest readers use it: every
    /// escape JSON has, surrogate pairs included, and what follows the literal.
    @Test func aLiteralAtTheStartOfTextReadsWithWhatFollows() {
        let read = CanonicalJSONReader.string(atStartOf: #""a\"b\n\u00e9\ud83c\udf31\/", "next"]"#[...])
        #expect(read?.value == "a\"b\né🌱/")
        #expect(read?.rest == #", "next"]"#)
        #expect(CanonicalJSONReader.string(atStartOf: "\"plain 同步\"")?.value == "plain 同步")
    }

    @Test func invalidLiteralsAreRefused() {
        for text in [#""unterminated"#, #""\ud83c alone""#, #""\x""#, "\"a\tb\"", "no quote"] {
            #expect(CanonicalJSONReader.string(atStartOf: text[...]) == nil, "\(text)")
        }
    }

    /// A string skipped ends where a string read ends, whatever it holds.
    @Test func aSkippedStringEndsWhereAReadOneDoes() {
        let texts = ["", "plain", "\"", "\\", "ends in a backslash \\", String(repeating: "\\\"", count: 9), "a\tb\u{1}c",
                     String(repeating: "a line 同步 🌱 \"q\"\n", count: 300)]
        for text in texts {
            var bytes: [UInt8] = []
            JSONText.appendString(text, to: &bytes)
            bytes.append(contentsOf: ",1".utf8)
            bytes.withUnsafeBytes { raw in
                var skipping = CanonicalJSONReader(bytes: raw)
                var reading = CanonicalJSONReader(bytes: raw)
                let skipped = skipping.skipString(), read = reading.string()
                #expect(skipped && read == text)
                #expect(skipping.offset == reading.offset, "\(text.prefix(20))")
            }
        }
        for text in [#""unterminated"#, "\"a\tb\"", "no quote"] {
            Array(text.utf8).withUnsafeBytes { raw in
                var reader = CanonicalJSONReader(bytes: raw)
                let skipped = reader.skipString()
                #expect(!skipped, "\(text)")
            }
        }
    }
}
