import ArchiveFeature
import ByteStreamTesting
import CompressionInterface
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import Testing

@Suite("Archive bad input")
struct BadInputTests {
    static let existing = SampleNotes.all().prefix(3).map { $0 }

    /// Imports `archive` into a store holding a few notes; returns the error and checks the store did not change.
    func importError(_ archive: [UInt8], limits: ArchiveLimits = ArchiveLimits()) async throws -> ArchiveError? {
        let store = InMemoryNoteStore(notes: Self.existing)
        let before = try await Fixtures.snapshot(store)
        var caught: ArchiveError?
        do {
            _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive, maximumReadSize: 1000), limits: limits)
            Issue.record("the import should have failed")
        } catch let error as ArchiveError {
            caught = error
        }
        #expect(try await Fixtures.snapshot(store) == before)
        #expect(await store.pendingChanges().isEmpty)
        return caught
    }

    func tarGz(_ parts: [UInt8]...) throws -> [UInt8] {
        try Fixtures.gzip(parts.flatMap { $0 } + RawTar.end)
    }

    static let note = RawTar.markdown("# Hello\n\nbody\n")

    @Test("neither gzip nor another format an import reads")
    func notGzip() async throws {
        #expect(try await importError(Array("just some text".utf8)) == .unknownFormat)
        #expect(try await importError([]) == .unknownFormat)
        #expect(try await importError(Array("<?xml version=\"1.0\"?><html/>".utf8)) == .unknownFormat)
    }

    @Test("truncated gzip names the entry being read")
    func truncatedGzip() async throws {
        let archive = try await Fixtures.export(try Fixtures.trickyNotes(), options: ExportOptions(mode: .singleStream))
        let error = try await importError(Array(archive.prefix(archive.count / 2)))
        guard case .compression(.truncated, let entry)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(entry != nil)
        #expect(error?.description.contains("truncated") == true)
    }

    @Test("bad CRC and bad length")
    func badTrailer() async throws {
        var archive = try tarGz(RawTar.entry("a.md", Self.note))
        archive[archive.count - 8] ^= 0x01
        #expect(try await importError(archive) == .compression(.checksumMismatch, entry: nil))
        archive[archive.count - 8] ^= 0x01
        archive[archive.count - 1] ^= 0x01
        #expect(try await importError(archive) == .compression(.lengthMismatch, entry: nil))
    }

    @Test("'..' and absolute paths")
    func unsafePaths() async throws {
        #expect(try await importError(try tarGz(RawTar.entry("notes/../../etc/x.md", Self.note)))
                == .unsafePath(entry: "notes/../../etc/x.md", reason: "'..' component"))
        #expect(try await importError(try tarGz(RawTar.entry("/etc/x.md", Self.note)))
                == .unsafePath(entry: "/etc/x.md", reason: "absolute path"))
        #expect(try await importError(try tarGz(RawTar.pax([("path", "../escape.md")], for: "x"), RawTar.entry("x.md", Self.note)))
                == .unsafePath(entry: "../escape.md", reason: "'..' component"))
    }

    @Test("symlinks, hard links and devices", arguments: [
        ("2", "symbolic link"), ("1", "hard link"), ("3", "character device"), ("4", "block device"), ("6", "FIFO"),
    ])
    func links(type: String, description: String) async throws {
        let archive = try tarGz(RawTar.entry("ok.md", Self.note), RawTar.entry("link.md", [], type: Character(type)))
        #expect(try await importError(archive) == .unsupportedEntryType(entry: "link.md", type: description))
    }

    @Test("oversized and malformed headers")
    func headers() async throws {
        let bigPax = RawTar.header(name: Array("PaxHeaders/x".utf8), type: "x", size: 10 << 20)
        guard case .malformedHeader? = try await importError(try tarGz(bigPax)) else { Issue.record("oversized pax header"); return }
        let badChecksum = RawTar.header(name: Array("a.md".utf8), size: 0, breakChecksum: true)
        #expect(try await importError(try tarGz(badChecksum))
                == .malformedHeader(offset: 0, after: nil, reason: "header checksum mismatch"))
        let badMagic = RawTar.header(name: Array("a.md".utf8), size: 0, magic: "nope!\0")
        #expect(try await importError(try tarGz(RawTar.entry("ok.md", Self.note), badMagic))
                == .malformedHeader(offset: 1024, after: "ok.md", reason: "not a ustar header (bad magic)"))
        let badSize = RawTar.header(name: Array("a.md".utf8), size: 0, sizeField: Array("12x4\0\0\0\0\0\0\0\0".utf8))
        #expect(try await importError(try tarGz(badSize)) == .malformedHeader(offset: 0, after: nil, reason: "unreadable size field"))
        let badPax = RawTar.entry("PaxHeaders/x", Array("999 path=x\n".utf8), type: "x")
        guard case .malformedHeader? = try await importError(try tarGz(badPax, RawTar.entry("x.md", Self.note))) else {
            Issue.record("bad pax record"); return
        }
    }

    @Test("invalid UTF-8 in names and in Quill notes (a plain file is read in the encoding it has)")
    func invalidUTF8() async throws {
        let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".md".utf8)
        guard case .invalidUTF8(_, "name")? = try await importError(try tarGz(RawTar.entry(badName, Self.note))) else {
            Issue.record("bad name"); return
        }
        let quillNote = "---\nid: 0000000000000000000000000000abcd\ntitle: \"Bad\"\ntags: []\ncreated: 2026-01-01T00:00:00.000Z\n"
            + "updated: 2026-01-01T00:00:00.000Z\nrevision: 1\n---\n"
        #expect(try await importError(try tarGz(RawTar.entry("bad.md", Array(quillNote.utf8) + [0x23, 0x20, 0xC3, 0x28])))
                == .invalidUTF8(entry: "bad.md", part: "content"))
    }

    @Test("a Quill note over the size limit, and a Markdown file over the attachment limit")
    func tooLarge() async throws {
        let quillNote = "---\nid: 0000000000000000000000000000abcd\ntitle: \"Big\"\ntags: []\ncreated: 2026-01-01T00:00:00.000Z\n"
            + "updated: 2026-01-01T00:00:00.000Z\nrevision: 1\n---\n" + String(repeating: "a", count: NoteLimits.maximumBodyBytes + 1)
        guard case .invalidNote(entry: "big.md", _)? = try await importError(try tarGz(RawTar.entry("big.md", RawTar.markdown(quillNote)))) else {
            Issue.record("body over the limit"); return
        }
        let limits = ArchiveLimits(maximumAttachmentBytes: 1 << 20)
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: Int(limits.maximumNoteEntryBytes) + 1)
        #expect(try await importError(try tarGz(RawTar.entry("huge.md", huge)), limits: limits)
                == .entryTooLarge(entry: "huge.md", bytes: Int64(huge.count), limit: limits.maximumNoteEntryBytes))
    }

    @Test("decompression bombs are stopped by the size and ratio caps, and the cap can be raised")
    func bombs() async throws {
        let zeros = [UInt8](repeating: 0, count: 8 << 20)
        let bomb = try tarGz(RawTar.entry("zeros.bin", zeros))
        let small = ArchiveLimits(maximumUncompressedBytes: 1 << 20)
        #expect(try await importError(bomb, limits: small) == .compression(.outputLimitExceeded(limit: 1 << 20), entry: "zeros.bin"))
        let ratio = ArchiveLimits(maximumRatio: 50, ratioGraceBytes: 1 << 20)
        #expect(try await importError(bomb, limits: ratio) == .compression(.ratioLimitExceeded(limit: 50), entry: "zeros.bin"))
        let raised = ArchiveLimits(maximumUncompressedBytes: 16 << 20, maximumRatio: 2000)
        let report = try await Fixtures.importer(InMemoryNoteStore()).importArchive(from: InMemoryByteSource(bomb), limits: raised)
        #expect(report.skippedEntries == ["zeros.bin"])
    }

    @Test("a tar without its end marker is truncated")
    func truncatedTar() async throws {
        let archive = try Fixtures.gzip(RawTar.entry("a.md", Self.note))
        #expect(try await importError(archive) == .truncated(entry: "a.md"))
        let cutContent = try Fixtures.gzip(Array(RawTar.entry("a.md", Self.note).prefix(520)))
        #expect(try await importError(cutContent) == .truncated(entry: "a.md"))
    }

    @Test("data after the end marker is refused")
    func trailingData() async throws {
        let archive = try Fixtures.gzip(RawTar.entry("a.md", Self.note) + RawTar.end + RawTar.entry("b.md", Self.note))
        guard case .malformedHeader? = try await importError(archive) else { Issue.record("trailing data"); return }
    }

    @Test("a note whose content no longer matches the manifest")
    func manifestMismatch() async throws {
        var tar = try Fixtures.gunzip(try await Fixtures.export(try Fixtures.trickyNotes()))
        let marker = Array("plain body".utf8)
        let position = try #require((0..<(tar.count - marker.count)).first { tar[$0..<($0 + marker.count)].elementsEqual(marker) })
        tar[position] = UInt8(ascii: "P")
        guard case .manifest(_, let reason)? = try await importError(try Fixtures.gzip(tar)) else { Issue.record("manifest"); return }
        #expect(reason.contains("SHA-256"))
    }

    @Test("malformed Quill front matter names the entry")
    func badFrontMatter() async throws {
        let body = Array("---\nid: abc\ntitle: unquoted\ntags: []\ncreated: x\nupdated: x\nrevision: 1\n---\n".utf8)
        guard case .invalidNote(entry: "n.md", let reason)? = try await importError(try tarGz(RawTar.entry("n.md", body))) else {
            Issue.record("front matter"); return
        }
        #expect(reason.contains("title"))
    }
}
