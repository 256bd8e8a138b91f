import ArchiveFeature
import Foundation
@testable import ImportFormatsFeature
import QuillModels
import ScratchDirectories
import StandardTesting
import Testing

/// A zip of Markdown files (a vault zipped, Roam's or Bear's Markdown export), imported as
/// `quill import FILE.zip` does: it was refused as "not an export quill import reads".
@Suite(.scratchDirectory) struct MarkdownZipImportTests {
    static let vault = ForeignImport.fixtures.appending(path: "obsidian-help-attachments").path

    @Test("a zipped vault is the notes its folder is: the same IDs, texts and attachments; hidden files passed over")
    func zippedVault() async throws {
        let zip = try await ForeignImport.zipped(Self.vault, named: "vault.zip", under: "obsidian-help-attachments")
        let (zipped, notes) = try await ForeignImport.run(zip)
        let (folder, unpacked) = try await ForeignImport.runFolder(Self.vault)
        #expect(zipped.addedCount == folder.addedCount && zipped.attachmentCount == folder.attachmentCount && zipped.attachmentCount > 0)
        #expect(notes.mapValues(\.id) == unpacked.mapValues(\.id) && notes.mapValues(\.body) == unpacked.mapValues(\.body))
        #expect(Set(zipped.skippedEntries) == Set(folder.skippedEntries))
    }

    @Test("files at the zip's top are the folder of the zip's name; a Mac's __MACOSX and dot files are passed over")
    func flatZip() async throws {
        let folder = try Scratch.directory("notes")
        try Data("# A\n\n[[B]]\n".utf8).write(to: URL(filePath: folder + "/A.md"))
        try Data("# B\n".utf8).write(to: URL(filePath: folder + "/B.md"))
        for hidden in ["__MACOSX/._A.md", ".obsidian/workspace.md"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + hidden.prefix { $0 != "/" }, withIntermediateDirectories: true)
            try Data("not a note".utf8).write(to: URL(filePath: folder + "/" + hidden))
        }
        let zip = try await ForeignImport.zipped(folder, named: "notes.zip", under: "")
        let (report, notes) = try await ForeignImport.run(zip)
        #expect(report.addedCount == 2 && notes["A"]?.id == ImportedNoteID.of("folder:notes/A.md") && notes["B"] != nil)
    }

    @Test("a zip's MS-DOS times", arguments: [
        (UInt16(0x6B5A), UInt16(0x5987), "2024-12-07T13:26:52Z"), (0, 0, nil), (0x0000, 0x59F7, nil),
    ])
    func dosDates(time: UInt16, date: UInt16, expected: String?) {
        #expect(ZipArchive.dosDate(time: time, date: date) == expected.flatMap { ISO8601DateFormatter().date(from: $0) })
    }
}
