import Crypto
import Foundation
import QuillAPI
import QuillModels
import ServerStoreInterface
import Testing
@testable import ServerFeature

/// A push's digest is the SHA-256 of its changes' canonical JSON as a whole array, whoever wrote
/// the bytes: digests kept by an earlier release (over `PushRequestBody.Change.jsonBytes`) must
/// still match a retry of the same push.
@Suite struct PushDigestsTests {
    @Test("The digest is the SHA-256 of the changes' canonical JSON array", arguments: [0, 1, 2, 7])
    func digestIsTheCanonicalArraysHash(count: Int) throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600.123)
        let changes = try (0..<count).map { index in
            let body = NoteJSONWriterTests.awkwardTexts[index % NoteJSONWriterTests.awkwardTexts.count] + " 東京 مرحبا \(index)"
            let note = try Note(id: #require(NoteID(String(format: "%04x", index + 1))), title: "T \(index) \"q\"", body: body,
                                tags: Tag.normalize(["x", "ρυθμίσεις"]), created: date, updated: date.addingTimeInterval(Double(index)),
                                revision: index + 1, isDeleted: index == 3)
            return PushedChange(note: note, baseRevision: index % 2 == 0 ? nil : index, mayMerge: index == 1)
        }
        let canonical = PushRequestBody.Change.jsonBytes(changes.map { PushRequestBody.Change(note: NoteDocument($0.note), baseRevision: $0.baseRevision) })
        #expect(PushDigests.digest(of: changes) == PushDigest(LowercaseHex.encode(SHA256.hash(data: canonical))))
    }
}
