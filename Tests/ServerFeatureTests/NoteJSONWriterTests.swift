import Foundation
import Hummingbird
import QuillAPI
import QuillModels
import Testing
@testable import ServerFeature

/// The hand-written JSON of the hot routes is exactly what `NoteJSON.encoder` writes.
@Suite struct NoteJSONWriterTests {
    static let awkwardTexts: [String] = [
        "plain",
        "quotes \" and \\ backslashes / slashes",
        String((0..<32).map { Character(UnicodeScalar(UInt8($0))) }) + "\u{7f}",
        "unicode é ✓ 🧪 \u{2028}\u{2029} \u{feff}",
        "",
    ]

    static func document(body: String, deleted: Bool) throws -> NoteDocument {
        let date = Date(timeIntervalSince1970: 1_767_225_600.123)
        let note = try Note(id: #require(NoteID("0abc")), title: "Title \"x\" / y", body: body,
                            tags: Tag.normalize(["b", "a-1"]), created: date, updated: date.addingTimeInterval(1.5),
                            revision: 42, isDeleted: deleted)
        return NoteDocument(note)
    }

    func encoded(_ value: some Encodable) throws -> String { String(decoding: try NoteJSON.encoder.encode(value), as: UTF8.self) }

    func written(_ value: some JSONWritable) -> String {
        var buffer = ByteBuffer()
        value.writeJSON(into: &buffer)
        return String(decoding: buffer.readableBytesView, as: UTF8.self)
    }

    @Test(arguments: awkwardTexts)
    func notesMatchJSONEncoder(_ body: String) throws {
        for deleted in [false, true] {
            let document = try Self.document(body: body, deleted: deleted)
            #expect(written(document) == (try encoded(document)))
        }
    }

    @Test func pagesAndPushResultsMatchJSONEncoder() throws {
        let documents = try Self.awkwardTexts.map { try Self.document(body: $0, deleted: false) }
        for next in [NoteID("ff"), nil] {
            let list = NoteListBody(notes: documents, next: next)
            #expect(written(list) == (try encoded(list)))
        }
        for hasMore in [true, false] {
            let changes = ChangesBody(changes: documents, next: "17", hasMore: hasMore)
            #expect(written(changes) == (try encoded(changes)))
        }
        let empty = ChangesBody(changes: [], next: "0", hasMore: false)
        #expect(written(empty) == (try encoded(empty)))
        for next in ["42", nil] {
            let push = PushResponseBody(results: [
                PushResultBody(id: documents[0].id, status: .applied, note: documents[0]),
                PushResultBody(id: documents[1].id, status: .conflict, note: documents[1]),
            ], next: next)
            #expect(written(push) == (try encoded(push)))
        }
    }
}
