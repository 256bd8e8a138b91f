import Foundation
import PropertyBased
@testable import QuillModels
import Testing

/// A note file is read by `NoteDocument(canonicalJSON:)`, which knows only the bytes
/// `jsonBytes()` writes; this holds it to `JSONDecoder` for documents of nasty Unicode, and
/// holds the writer to writing only what the reader takes (else every note file would fall
/// back to the slow path unnoticed).
@Suite("Note files read alike by hand and by JSONDecoder")
struct NoteFileAgreementTests {
    @Test("the canonical reader reads every document the writer writes, as JSONDecoder does")
    func canonicalReaderAgreesWithJSONDecoder() async {
        await propertyCheck(count: Budget.cases * 5, input: NastyText.inputs) { input in
            var document = NoteDocument(Self.sample)
            document.title = input.title
            document.body = input.body
            document.tags = input.tags.compactMap { try? Tag($0) }
            document.revision = input.body.utf8.count + 1
            document.deleted = input.title.utf8.count % 2 == 0
            let bytes = Data(document.jsonBytes())
            let canonical = bytes.withUnsafeBytes { NoteDocument(canonicalJSON: $0) }
            #expect(canonical != nil)
            #expect(canonical == (try? JSONDecoder().decode(NoteDocument.self, from: bytes)))
        }
    }

    static let sample = try! Note(
        id: NoteID(high: 0xfeed, low: 0xbeef), title: "t", body: "", tags: [],
        created: Date(millisecondsSince1970: 1_767_603_600_001), updated: Date(millisecondsSince1970: 1_767_603_600_002))
}
