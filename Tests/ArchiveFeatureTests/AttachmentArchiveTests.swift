import ArchiveFeature
import StandardTesting
import ByteStreamTesting
import Crypto
import Foundation
import NoteStoreTesting
import QuillModels
import Testing

/// Attachments in archives (docs/archive-format.md): carried once beside the notes, listed in
/// the manifest, checked against their hash on the way out and on the way in.
@Suite("Attachments in archives")
struct AttachmentArchiveTests {
    let clock = FixedClock(Fixtures.epoch)
    let bytes = Array("a picture's bytes".utf8)

    func hash(_ bytes: [UInt8]) -> AttachmentHash { AttachmentHash(digest: SHA256.hash(data: bytes))! }

    /// Two notes that refer to one attachment, exported with it.
    func exported(damaging: Bool = false) async throws -> (archive: [UInt8], store: InMemoryAttachmentStore) {
        let attachments = InMemoryAttachmentStore(clock: clock)
        let writer = try attachments.begin()
        try bytes.withUnsafeBytes { try writer.write($0) }
        _ = try writer.commit(as: hash(bytes))
        if damaging { attachments.damage(hash(bytes), with: Array("other bytes, same size".utf8)) }
        let reference = AttachmentReference.markdown(hash: hash(bytes), name: "pic.png", embedded: true)
        let notes = try (1...2).map { try Note(id: NoteID(high: 7, low: UInt64($0)), title: "Note \($0)", body: "see \(reference)\n",
                                               tags: [], created: Fixtures.epoch, updated: Fixtures.epoch) }
        let sink = InMemoryByteSink()
        let summary = try await ArchiveExporter(store: InMemoryNoteStore(notes: notes), history: nil, attachments: attachments,
                                                compression: Fixtures.zlib, scratch: InMemoryScratchStorage()).export(to: sink)
        #expect(summary.attachmentCount == 1)
        return (sink.bytes, attachments)
    }

    @Test func anAttachmentIsCarriedOnceAndImportedBack() async throws {
        let (archive, _) = try await exported()
        let tar = try Fixtures.gunzip(archive)
        let path = "quill-notes/notes/attachments/\(hash(bytes).hex)/pic.png"
        #expect(String(decoding: tar, as: UTF8.self).components(separatedBy: path).count - 1 >= 1)
        let target = InMemoryAttachmentStore(clock: clock)
        let store = InMemoryNoteStore()
        let report = try await ArchiveImporter(store: store, attachments: target, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                               ids: SequentialNoteIDs(), clock: clock, background: DefaultPriorityExecutor()).importArchive(from: InMemoryByteSource(archive))
        #expect(report.manifestVerified && report.attachmentCount == 1 && report.addedCount == 2)
        #expect(try target.all().map(\.hash) == [hash(bytes)])
    }

    /// An archived vault (a plain archive, no manifest): the files its notes embed come in as
    /// attachments wherever they are in the archive (before or after the note, in another
    /// folder, found by name as Obsidian finds them), and the others are listed as skipped.
    @Test func anArchivedVaultBringsInWhatItsNotesEmbed() async throws {
        let photo = Array("photo bytes".utf8), scan = Array("%PDF scan".utf8)
        let tar = RawTar.entry("vault/assets/photo.png", photo)
            + RawTar.entry("vault/notes/Trip.md", RawTar.markdown("# Trip\n\n![[photo.png]]\nand [the scan](../files/scan%20one.pdf) and [[Other]]\n"))
            + RawTar.entry("vault/notes/Other.md", RawTar.markdown("# Other\n\nno files here\n"))
            + RawTar.entry("vault/files/scan one.pdf", scan)
            + RawTar.entry("vault/files/unused.zip", [9, 9])
            + RawTar.end
        let target = InMemoryAttachmentStore(clock: clock)
        let store = InMemoryNoteStore()
        let report = try await ArchiveImporter(store: store, attachments: target, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                               ids: SequentialNoteIDs(), clock: clock, background: DefaultPriorityExecutor()).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(!report.manifestVerified && report.addedCount == 2 && report.attachmentCount == 2)
        #expect(report.skippedEntries == ["vault/files/unused.zip"])
        #expect(Set(try target.all().map(\.hash)) == [hash(photo), hash(scan)])
        let trip = try #require(try await Fixtures.snapshot(store).first { $0.title == "Trip" })
        #expect(trip.body == "# Trip\n\n" + AttachmentReference.markdown(hash: hash(photo), name: "photo.png", embedded: true)
            + "\nand " + AttachmentReference.markdown(hash: hash(scan), name: "scan one.pdf", label: "the scan", embedded: false)
            + " and [[Other]]\n")
    }

    @Test func damagedStoredBytesStopTheExport() async throws {
        await #expect(throws: ArchiveError.damagedAttachment(hash(bytes).hex)) { _ = try await exported(damaging: true) }
    }

    @Test func anEntryWhoseBytesDoNotMatchItsPathIsRefusedAndNothingIsImported() async throws {
        let wrong = AttachmentHash(String(repeating: "ab", count: 32))!
        var tar = RawTar.entry("notes/n.md", Array("# N\n\nsee ![x](attachments/\(wrong.hex)/x.png)\n".utf8))
        tar += RawTar.entry("quill-notes/notes/attachments/\(wrong.hex)/x.png", bytes) + RawTar.end
        let store = InMemoryNoteStore(), target = InMemoryAttachmentStore(clock: clock)
        await #expect(throws: ArchiveError.attachmentMismatch(entry: "quill-notes/notes/attachments/\(wrong.hex)/x.png")) {
            _ = try await ArchiveImporter(store: store, attachments: target, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                          ids: SequentialNoteIDs(), clock: clock, background: DefaultPriorityExecutor()).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        }
        #expect(await store.list(.init()).notes.isEmpty)
        #expect(try target.all().isEmpty)
    }

    @Test func anAttachmentTheManifestListsButTheArchiveLacksIsAnError() async throws {
        let (archive, _) = try await exported()
        var tar = try Fixtures.gunzip(archive)
        let path = Array("quill-notes/notes/attachments/\(hash(bytes).hex)/pic.png".utf8)
        let start = try #require(tar.firstRange(of: path)).lowerBound
        // Rename the entry in its header (the checksum is recomputed by RawTar's rules below).
        let header = start / 512 * 512
        tar.replaceSubrange(start..<(start + path.count), with: Array("quill-notes/notes/attachments/\(hash(bytes).hex)/PIC.png".utf8))
        var checksum = 0
        for index in header..<(header + 512) { checksum += (148..<156).contains(index - header) ? 32 : Int(tar[index]) }
        tar.replaceSubrange((header + 148)..<(header + 156), with: Array(String(format: "%06o\0 ", checksum).utf8))
        let target = InMemoryAttachmentStore(clock: clock)
        await #expect(throws: ArchiveError.self) {
            _ = try await ArchiveImporter(store: InMemoryNoteStore(), attachments: target, decompression: Fixtures.zlib,
                                          scratch: InMemoryScratchStorage(), ids: SequentialNoteIDs(), clock: clock, background: DefaultPriorityExecutor())
                .importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        }
    }
}
