import StandardInterfaces
import FileAttachmentStore
import Foundation
import QuillModels
import ScratchDirectories
import Testing

/// What only the file adapter has to prove: where the bytes live, and what a killed writer leaves.
@Suite("File attachment store", .scratchDirectory)
struct FileAttachmentStoreTests {
    @Test func bytesLiveUnderTheirHashInAFolderOfItsFirstTwoDigits() throws {
        let root = try Scratch.directory("attachments") + "/attachments"
        let store = FileAttachmentStore(root: root)
        let hash = AttachmentHash("9f" + String(repeating: "0", count: 62))!
        let writer = try store.begin()
        try Array("hello".utf8).withUnsafeBytes { try writer.write($0) }
        _ = try writer.commit(as: hash)
        #expect(FileManager.default.contents(atPath: root + "/9f/" + hash.hex) == Data("hello".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/incoming").isEmpty)
    }

    @Test func aWriterThatNeverFinishedIsRemovedOnceOld() throws {
        let root = try Scratch.directory("attachments") + "/attachments"
        let store = FileAttachmentStore(root: root)
        try FileManager.default.createDirectory(atPath: root + "/incoming", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/incoming/123-4", contents: Data("partial".utf8)))
        #expect(try store.removeAbandoned(before: Date().addingTimeInterval(-3600)) == 0, "a recent one may still be written")
        #expect(try store.all().isEmpty, "it is never listed as an attachment")
        #expect(try store.removeAbandoned(before: Date().addingTimeInterval(3600)) == 1)
    }
}
