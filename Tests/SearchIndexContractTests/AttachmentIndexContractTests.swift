import Foundation
import QuillModels
import SearchIndexInterface
import Testing

/// The behaviour every `AttachmentIndex` must have, the in-memory fake included: which notes
/// refer to attachments is kept with each note's text by `apply`.
@Suite("AttachmentIndex contract", .scratchDirectory)
struct AttachmentIndexContractTests {
    typealias Fixture = LinkIndexContractTests.Fixture

    static let hash = String(repeating: "ab", count: 32)
    static let image = "![board.png](attachments/\(hash)/board.png)"

    @Test(arguments: Fixture.allCases)
    func theNotesThatReferToAttachmentsNewestFirst(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, body: "Before \(Self.image) after", minutes: 1),
            try Notes.note(2, body: "No attachment here; attachments/ alone is text", minutes: 2),
            try Notes.note(3, body: "[invoice.pdf](attachments/\(Self.hash)/invoice.pdf)", minutes: 3),
            try Notes.note(4, body: "In code it is not one:\n```\n\(Self.image)\n```", minutes: 4),
        ])
        #expect(try await index.notesReferringToAttachments().map(\.title) == ["Note 3", "Note 1"])
    }

    @Test(arguments: Fixture.allCases)
    func aNewRevisionOrARemovalChangesTheAnswer(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, body: Self.image), try Notes.note(2, body: Self.image, minutes: 1)])
        try await index.index([try Notes.note(1, body: "the image was detached", minutes: 2)])
        #expect(try await index.notesReferringToAttachments().map(\.title) == ["Note 2"])
        try await index.index([try Notes.note(1, body: Self.image, minutes: 3)])
        #expect(try await index.notesReferringToAttachments().map(\.title) == ["Note 1", "Note 2"])
        try await index.index([], removing: [try Notes.note(2).id])
        #expect(try await index.notesReferringToAttachments().map(\.title) == ["Note 1"])
        try await index.removeAll()
        #expect(try await index.notesReferringToAttachments().isEmpty)
    }
}
