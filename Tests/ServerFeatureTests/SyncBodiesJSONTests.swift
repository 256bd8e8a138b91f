import Foundation
import QuillAPI
import QuillModels
import Testing

/// The sync bodies written by hand are exactly what `NoteJSON.encoder` writes, and read back by
/// hand to what `JSONDecoder` reads; bytes in another form still read, through `JSONDecoder`.
@Suite struct SyncBodiesJSONTests {
    func encoded(_ value: some Encodable) throws -> [UInt8] { Array(try NoteJSON.encoder.encode(value)) }

    func canonical<Body: CanonicalJSONReadable>(_ type: Body.Type, _ bytes: [UInt8]) -> Body? {
        bytes.withUnsafeBytes(Body.canonicallyDecoded(from:))
    }

    var documents: [NoteDocument] {
        get throws {
            try NoteJSONWriterTests.awkwardTexts.enumerated().map { try NoteJSONWriterTests.document(body: $1, deleted: $0 % 2 == 1) }
        }
    }

    @Test func pushRequestsMatchJSONEncoderAndReadBack() throws {
        let changes = try documents.enumerated().map { PushRequestBody.Change(note: $1, baseRevision: $0 % 2 == 0 ? nil : $0) }
        for body in [PushRequestBody(requestID: "r \"1\" é", changes: changes, since: "17"),
                     PushRequestBody(requestID: "r2", changes: changes),
                     PushRequestBody(requestID: "r3", changes: changes, since: "4", appliedAs: .revision),
                     PushRequestBody(requestID: "r4", changes: changes, appliedAs: .note),
                     PushRequestBody(requestID: "empty", changes: [])] {
            let bytes = body.jsonBytes()
            #expect(bytes == (try encoded(body)))
            #expect(canonical(PushRequestBody.self, bytes) == body)
            #expect(try PushRequestBody.decoded(from: Data(bytes)) == body)
        }
        #expect(PushRequestBody.Change.jsonBytes(changes) == (try encoded(changes)))
    }

    @Test func pushResponsesAndChangePagesReadBack() throws {
        let documents = try documents
        let results = documents.enumerated().map { PushResultBody(id: $1.id, status: $0 % 2 == 0 ? .applied : .conflict, note: $1) }
            + documents.map { PushResultBody(id: $0.id, appliedAt: $0.revision) }
        for next in ["9", nil] {
            for written in [PushWrittenBody(after: "9", through: "1\"7"), nil] {
                let response = PushResponseBody(results: results, next: next, written: written)
                #expect(response.jsonBytes() == (try encoded(response)))
                #expect(canonical(PushResponseBody.self, response.jsonBytes()) == response)
            }
        }
        for page in [ChangesBody(changes: documents, next: "17", hasMore: true), ChangesBody(changes: [], next: "0", hasMore: false)] {
            let bytes = try encoded(page)
            #expect(canonical(ChangesBody.self, bytes) == page)
        }
    }

    @Test func otherFormsReadThroughJSONDecoder() throws {
        let spaced = #"{ "results": [], "next": "3" }"#
        #expect(canonical(PushResponseBody.self, Array(spaced.utf8)) == nil)
        #expect(try PushResponseBody.decoded(from: Data(spaced.utf8)) == PushResponseBody(results: [], next: "3"))
        let reordered = #"{"requestID":"r","changes":[]}"#
        #expect(try PushRequestBody.decoded(from: Data(reordered.utf8)) == PushRequestBody(requestID: "r", changes: []))
        #expect(throws: DecodingError.self) { try PushRequestBody.decoded(from: Data(#"{"changes":[]}"#.utf8)) }
        #expect(throws: DecodingError.self) { try PushRequestBody.decoded(from: Data(#"{"changes":[],"requestID":"r","since":null}"#.utf8)) }
    }
}
