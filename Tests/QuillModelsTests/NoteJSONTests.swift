import Foundation
@testable import QuillModels
import StandardTesting
import Testing

@Suite("Note JSON format")
struct NoteJSONTests {
    let note: Note

    init() throws {
        note = try Note(
            id: NoteID(high: 0xabc, low: 0xdef), title: "Café ☕", body: "line 1\n\"quoted\" / slash\n",
            tags: [Tag("x"), Tag("y")], created: Date(millisecondsSince1970: 1_767_603_600_001),
            updated: Date(millisecondsSince1970: 1_767_603_601_999), revision: 4, isDeleted: false)
    }

    @Test func encodingIsStableWithSortedKeysAndMilliseconds() throws {
        let text = String(decoding: NoteJSON.encode(note), as: UTF8.self)
        #expect(text == #"{"body":"line 1\n\"quoted\" / slash\n","created":"2026-01-05T09:00:00.001Z","deleted":false,"format":1,"id":"0000000000000abc0000000000000def","revision":4,"tags":["x","y"],"title":"Café ☕","updated":"2026-01-05T09:00:01.999Z"}"#)
    }

    @Test func roundTripIsExact() throws {
        #expect(try NoteJSON.decode(NoteJSON.encode(note)) == note)
    }

    /// The hand-written encoding is byte for byte `JSONEncoder`'s, escapes included.
    @Test(arguments: ["plain", "quotes \" and \\ / slashes", String((0..<32).map { Character(UnicodeScalar(UInt8($0))) }) + "\u{7f}",
                      "unicode é ✓ 🧪 \u{2028}\u{2029} \u{feff}", ""])
    func handWrittenEncodingMatchesJSONEncoder(text: String) throws {
        for deleted in [false, true] {
            let awkward = try Note(id: note.id, title: "Title \"x\" \\ / y", body: text, tags: note.tags,
                                   created: note.created, updated: note.updated, revision: 3, isDeleted: deleted)
            #expect(NoteJSON.encode(awkward) == (try NoteJSON.encoder.encode(NoteDocument(awkward))))
        }
    }

    /// The encoder scans eight bytes at a time: every byte that needs escaping (and its
    /// neighbours that do not) at every position of a word, and in the tail after the last word.
    @Test func everyEscapeAtEveryPositionMatchesJSONEncoder() throws {
        let special = (0..<0x20).map { Character(UnicodeScalar(UInt8($0))) } + ["\"", "\\", " ", "!", "#", "[", "]", "\u{7f}", "é"]
        for character in special {
            for position in 0..<17 {
                var text = String(repeating: "a", count: 17)
                text.replaceSubrange(text.index(text.startIndex, offsetBy: position)...text.index(text.startIndex, offsetBy: position),
                                     with: String(character))
                for body in [text, text + text.prefix(position % 8)] {
                    let awkward = try Note(id: note.id, title: "t", body: body, tags: [], created: note.created, updated: note.updated)
                    #expect(NoteJSON.encode(awkward) == (try NoteJSON.encoder.encode(NoteDocument(awkward))), "\(body.debugDescription)")
                }
            }
        }
    }

    /// Note files are read by hand (`NoteDocument(canonicalJSON:)`) while they are byte for byte
    /// what Quill writes: every escape at every position of the eight-byte scan, and the tail.
    @Test func canonicalReaderAgreesWithJSONDecoderOnEveryEscape() throws {
        let special = (0..<0x20).map { Character(UnicodeScalar(UInt8($0))) } + ["\"", "\\", "/", " ", "\u{7f}", "é", "🧪"]
        for character in special {
            for position in 0..<17 {
                var text = String(repeating: "a", count: 17)
                text.replaceSubrange(text.index(text.startIndex, offsetBy: position)...text.index(text.startIndex, offsetBy: position),
                                     with: String(character))
                for body in [text, text + text.prefix(position % 8), String(character)] {
                    let awkward = try Note(id: note.id, title: "t \(position)", body: body, tags: note.tags, created: note.created,
                                           updated: note.updated, revision: 12, isDeleted: position % 2 == 0)
                    let bytes = NoteJSON.encode(awkward)
                    let canonical = bytes.withUnsafeBytes { NoteDocument(canonicalJSON: $0) }
                    #expect(canonical != nil, "\(body.debugDescription)")
                    #expect(canonical == (try JSONDecoder().decode(NoteDocument.self, from: bytes)), "\(body.debugDescription)")
                }
            }
        }
    }

    /// A file in another shape (edited by hand, written by another tool) is not the canonical
    /// reader's to read: it says so, and `NoteJSON.decode` reads it with `JSONDecoder`.
    @Test(arguments: [
        #"{ "body":"line 1\n\"quoted\" / slash\n","created":"2026-01-05T09:00:00.001Z","deleted":false,"format":1,"id":"0000000000000abc0000000000000def","revision":4,"tags":["x","y"],"title":"Café ☕","updated":"2026-01-05T09:00:01.999Z"}"#,
        #"{"created":"2026-01-05T09:00:00.001Z","body":"line 1\n\"quoted\" / slash\n","deleted":false,"format":1,"id":"0000000000000abc0000000000000def","revision":4,"tags":["x","y"],"title":"Café ☕","updated":"2026-01-05T09:00:01.999Z"}"#,
        #"{"body":"line 1\n\"quoted\" / slash\n","created":"2026-01-05T09:00:00.001Z","deleted":false,"format":1.0,"id":"0000000000000abc0000000000000def","revision":4,"tags":["x","y"],"title":"Café ☕","updated":"2026-01-05T09:00:01.999Z"}"#,
        #"{"body":"line 1\n\"quoted\" / slash\n","created": "2026-01-05T09:00:00.001Z","deleted":false,"format":1,"id":"0000000000000abc0000000000000def","revision":4,"tags":["x","y"],"title":"Caf\u00e9 \u2615","updated":"2026-01-05T09:00:01.999Z"}"#,
    ])
    func otherShapesAreReadByJSONDecoder(text: String) throws {
        let bytes = Data(text.utf8)
        #expect(bytes.withUnsafeBytes { NoteDocument(canonicalJSON: $0) } == nil)
        #expect(try NoteJSON.decode(bytes) == JSONDecoder().decode(NoteDocument.self, from: bytes).note())
    }

    /// Escapes Quill does not write (a surrogate pair among them), in the layout it does write,
    /// are read by hand alike.
    @Test func escapesQuillDoesNotWriteAreReadAlike() throws {
        let text = #"{"body":"line 1\n\"quoted\" \/ slash\n","created":"2026-01-05T09:00:00.001Z","deleted":false,"format":1,"id":"0000000000000abc0000000000000def","revision":4,"tags":["x","y"],"title":"Caf\u00e9 \u2615","updated":"2026-01-05T09:00:01.999Z"}"#
        let canonical = Data(text.utf8).withUnsafeBytes { NoteDocument(canonicalJSON: $0) }
        #expect(try canonical?.note() == note)
        let pair = #"{"body":"b","created":"2026-01-05T09:00:00.001Z","deleted":false,"format":1,"id":"0000000000000abc0000000000000def","revision":4,"tags":[],"title":"Caf\u00e9 \ud83e\uddea","updated":"2026-01-05T09:00:01.999Z"}"#
        let read = Data(pair.utf8).withUnsafeBytes { NoteDocument(canonicalJSON: $0) }
        #expect(read?.title == "Café 🧪")
        #expect(read == (try JSONDecoder().decode(NoteDocument.self, from: Data(pair.utf8))))
    }

    /// What `acknowledge` reads: the revision alone, the same as a whole decode gives, and
    /// nothing for a file a whole decode must judge (spaced otherwise, or of a newer format).
    @Test func theRevisionAloneIsTheDecodedOnesOrNothing() throws {
        for (index, text) in ["plain", "quotes \" and \\", String((0..<32).map { Character(UnicodeScalar(UInt8($0))) }),
                              "同步 🌱 مرحبا", ""].enumerated() {
            let edited = try Note(id: note.id, title: "Title \"\(index)\" 同步", body: text + "\n" + text, tags: note.tags, created: note.created,
                                  updated: note.updated, revision: 1 + index * 1_000, isDeleted: index == 2)
            #expect(NoteJSON.revision(in: NoteJSON.encode(edited)) == edited.revision)
        }
        let spaced = String(decoding: NoteJSON.encode(note), as: UTF8.self).replacingOccurrences(of: "\"revision\":4", with: "\"revision\": 4")
        #expect(NoteJSON.revision(in: Data(spaced.utf8)) == nil && (try? NoteJSON.decode(Data(spaced.utf8)))?.revision == 4)
        let newer = String(decoding: NoteJSON.encode(note), as: UTF8.self).replacingOccurrences(of: "\"format\":1", with: "\"format\":2")
        #expect(NoteJSON.revision(in: Data(newer.utf8)) == nil)
    }

    @Test func newerFormatIsRefusedWithAnUpgradeHint() throws {
        let text = String(decoding: NoteJSON.encode(note), as: UTF8.self).replacingOccurrences(of: #""format":1"#, with: #""format":2"#)
        #expect(throws: NoteJSON.DecodingFailure.unsupportedFormat(2)) { try NoteJSON.decode(Data(text.utf8)) }
    }

    @Test(arguments: [
        "not json", "{}", #"{"format":1}"#,
        #"{"body":"","created":"yesterday","deleted":false,"format":1,"id":"ab","revision":1,"tags":[],"title":"t","updated":"2026-01-05T09:00:00.000Z"}"#,
        #"{"body":"","created":"2026-01-05T09:00:00.000Z","deleted":false,"format":1,"id":"ab","revision":1,"tags":[],"title":"","updated":"2026-01-05T09:00:00.000Z"}"#,
    ])
    func malformedDocumentsAreRejected(text: String) {
        #expect(throws: NoteJSON.DecodingFailure.self) { try NoteJSON.decode(Data(text.utf8)) }
    }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test(arguments: [Int64(0), 1, 999, 1_000, 1_767_603_600_280, 951_782_400_000, -1, -86_400_001, 253_402_300_799_999])
    func formattingThenParsingIsExact(milliseconds: Int64) throws {
        let timestamp = Timestamp(Date(millisecondsSince1970: milliseconds))
        let parsed = try #require(Timestamp(parsing: timestamp.description))
        #expect(parsed.date.millisecondsSince1970 == milliseconds)
    }

    @Test func randomInstantsRoundTrip() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let text = Timestamp(Date(millisecondsSince1970: milliseconds)).description
            #expect(Timestamp(parsing: text)?.date.millisecondsSince1970 == milliseconds, "\(text)")
        }
    }

    @Test func knownDatesFormatAsISO8601() {
        #expect(Timestamp(Date(millisecondsSince1970: 0)).description == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(Date(millisecondsSince1970: 951_782_400_000)).description == "2000-02-29T00:00:00.000Z")
    }

    @Test func offsetsAndFractionsAreParsed() {
        #expect(Timestamp(parsing: "2026-01-05T10:00:00+01:00")?.description == "2026-01-05T09:00:00.000Z")
        #expect(Timestamp(parsing: "2026-01-05T09:00:00.5Z")?.description == "2026-01-05T09:00:00.500Z")
        #expect(Timestamp(parsing: "2026-01-05T09:00:00.123456Z")?.description == "2026-01-05T09:00:00.123Z")
    }

    @Test(arguments: ["", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-01-05 09:00:00Z", "2026-01-05T09:00:00",
                      "2026-01-05T25:00:00Z", "2026-01-05T09:00:00.Z", "2026-01-05T09:00:00Zjunk"])
    func invalidTextIsRejected(text: String) {
        #expect(Timestamp(parsing: text) == nil)
    }

    /// An import parses dates where they lie in the note file's bytes.
    @Test func datesParseFromAnywhereInAByteArray() {
        let line = Array("created: 2026-01-05T10:00:00.25+01:00\n".utf8)
        #expect(Timestamp(parsingUTF8: line[9..<(line.count - 1)])?.description == "2026-01-05T09:00:00.250Z")
        #expect(Timestamp(parsingUTF8: line[9...]) == nil)
        #expect(Timestamp(parsingUTF8: line[8..<(line.count - 1)]) == nil)
    }
}
