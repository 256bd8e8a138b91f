@testable import ArchiveFeature
import ByteStreamTesting
import NoteStoreTesting
import QuillModels
import Testing

@Suite("Manifest reading and checking")
struct ManifestTests {
    static let document = Array("""
        { "generator" : "other", "extra": {"nested": [1, -2.5e3, true, null, "x"]},
          "entries": [
            {"sha256": "\(String(repeating: "ab", count: 32))", "bytes": 12, "path": "n/caf\\u00e9 \\ud83d\\ude00.md", "note": "ignored"},
            {"path":"n/b.md","sha256":"\(String(repeating: "0", count: 64))","bytes":0}
          ],
          "noteCount": 2, "format": 1 }

        """.utf8)

    /// Feeds `bytes` `size` bytes at a time, as a tar entry's content arrives.
    static func pieces(_ bytes: [UInt8], size: Int) -> () throws -> ArraySlice<UInt8>? {
        var offset = 0
        return {
            guard offset < bytes.count else { return nil }
            defer { offset += size }
            return bytes[offset..<min(bytes.count, offset + size)]
        }
    }

    @Test("any key order, unknown keys, escapes and whitespace; the same whatever the piece size", arguments: [1, 7, 4096])
    func parsesAnyLayout(pieceSize: Int) throws {
        var entries: [ArchiveManifest.Entry] = []
        let header = try ManifestParser(nextPiece: Self.pieces(Self.document, size: pieceSize)).parse { entries.append($0) }
        #expect(header.format == 1 && header.noteCount == 2)
        #expect(entries == [
            ArchiveManifest.Entry(path: "n/café 😀.md", sha256: String(repeating: "ab", count: 32), bytes: 12),
            ArchiveManifest.Entry(path: "n/b.md", sha256: String(repeating: "0", count: 64), bytes: 0),
        ])
    }

    @Test("malformed documents are errors, never crashes", arguments: [
        "", "[]", "{\"entries\": []} x", "{\"entries\": [", "{\"entries\": [{\"path\": \"a\"}]}",
        "{\"entries\": [], \"noteCount\": 1.5}", "{\"entries\": [], \"format\": \"1\"}", "{\"entries\": \"\\q\"}",
        "{\"format\": 1}", "{\"entries\": [], \"x\": \"\\ud800\"}", "{\"entries\": [], \"x\": \"a\u{01}\"}",
        "{\"entries\": [], \"noteCount\": 99999999999999999999999}",
        "{\"entries\": [], \"x\": " + String(repeating: "[", count: 100_000) + "}",
    ])
    func rejectsMalformed(text: String) {
        #expect(throws: (any Error).self) {
            _ = try ManifestParser(nextPiece: Self.pieces(Array(text.utf8), size: 3)).parse { _ in }
        }
    }

    /// The entries of an exported archive regrouped so that each pax header stays with its entry.
    static func entries(ofTar tar: [UInt8]) -> [(name: String, bytes: ArraySlice<UInt8>)] {
        var entries: [(String, ArraySlice<UInt8>)] = []
        var offset = 0
        var groupStart = 0
        while offset + 512 <= tar.count, tar[offset..<(offset + 512)].contains(where: { $0 != 0 }) {
            let header = tar[offset..<(offset + 512)]
            let name = String(decoding: header.prefix(100).prefix { $0 != 0 }, as: UTF8.self)
            let sizeText = String(decoding: header.dropFirst(124).prefix(11), as: UTF8.self)
            let size = Int(sizeText, radix: 8) ?? 0
            let type = header[header.startIndex + 156]
            offset += 512 + (size + 511) / 512 * 512
            if type != UInt8(ascii: "x") {
                entries.append((name, tar[groupStart..<offset]))
                groupStart = offset
            }
        }
        return entries
    }

    static func reordered(_ archive: [UInt8], _ arrange: ([(name: String, bytes: ArraySlice<UInt8>)]) -> [(name: String, bytes: ArraySlice<UInt8>)]) throws -> [UInt8] {
        try Fixtures.gzip(arrange(entries(ofTar: try Fixtures.gunzip(archive))).flatMap(\.bytes) + RawTar.end)
    }

    @Test("a re-packed archive verifies wherever its manifest is", arguments: [0, 3])
    func manifestAnywhere(position: Int) async throws {
        let notes = try Fixtures.trickyNotes()
        let archive = try Self.reordered(try await Fixtures.export(notes)) { entries in
            var rest = entries.filter { !$0.name.hasSuffix("manifest.json") }
            rest.insert(contentsOf: entries.filter { $0.name.hasSuffix("manifest.json") }, at: position)
            return rest.reversed()
        }
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        #expect(report.manifestVerified && report.addedCount == notes.count)
        #expect(try await Fixtures.snapshot(store) == notes.sorted { $0.id < $1.id })
    }

    @Test("a note missing from a re-packed archive is named, wherever the manifest is", arguments: [0, 5])
    func missingNote(position: Int) async throws {
        let archive = try Self.reordered(try await Fixtures.export(try Fixtures.trickyNotes())) { entries in
            var rest = entries.filter { !$0.name.hasSuffix("manifest.json") && $0.name.hasSuffix(".md") }
            rest.insert(contentsOf: entries.filter { $0.name.hasSuffix("manifest.json") }, at: position)
            return Array(rest.dropLast())
        }
        let store = InMemoryNoteStore()
        await #expect(throws: ArchiveError.self) {
            try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        }
        #expect(try await Fixtures.snapshot(store).isEmpty)
    }

    @Test("a Quill archive is checked in order: one scratch file, and a changed entry is named")
    func inOrder() async throws {
        let notes = try Fixtures.trickyNotes()
        let scratch = InMemoryScratchStorage()
        let report = try await Fixtures.importer(InMemoryNoteStore(), scratch: scratch)
            .importArchive(from: InMemoryByteSource(try await Fixtures.export(notes)))
        #expect(report.manifestVerified && report.addedCount == notes.count)
        #expect(scratch.filesMade == 1)

        // Two notes swapped in the manifest's list: in order no longer, still verified by path.
        let swapped = try Self.reordered(try await Fixtures.export(notes)) { entries in
            var notesFirst = entries
            let first = notesFirst.firstIndex { $0.name.hasSuffix(".md") }!
            notesFirst.swapAt(first, first + 1)
            return notesFirst
        }
        let store = InMemoryNoteStore()
        #expect(try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(swapped)).manifestVerified)
        #expect(try await Fixtures.snapshot(store) == notes.sorted { $0.id < $1.id })
    }

    @Test("an entry after a Quill manifest is named as not listed")
    func entryAfterTheManifest() async throws {
        let notes = try Fixtures.trickyNotes()
        let extra = try await Fixtures.export([try Note(id: NoteID(high: 99, low: 1), title: "Extra", body: "x", tags: [],
                                                         created: Fixtures.epoch, updated: Fixtures.epoch)])
        let extraEntry = Self.entries(ofTar: try Fixtures.gunzip(extra)).first { $0.name.hasSuffix(".md") }!
        let archive = try Self.reordered(try await Fixtures.export(notes)) { $0 + [extraEntry] }
        let store = InMemoryNoteStore()
        await #expect(throws: ArchiveError.manifest(entry: extraEntry.name, reason: "present in the archive but not listed in the manifest")) {
            try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        }
        #expect(try await Fixtures.snapshot(store).isEmpty)
    }

    @Test("a SHA-256 is read from 64 hex digits of either case, and nothing else")
    func hexDigests() {
        let digest = (0..<32).map { UInt8($0 * 7 + 3) }
        let hex = LowercaseHex.encode(digest)
        #expect(hex.utf8.count == 64)
        #expect(SHA256Hex.bytes(ofHex: hex) == digest)
        #expect(SHA256Hex.bytes(ofHex: hex.uppercased()) == digest)
        for bad in [String(hex.dropLast()), hex + "0", String(hex.dropLast()) + "g", "é" + String(hex.dropFirst(2)), ""] {
            #expect(SHA256Hex.bytes(ofHex: bad) == nil, "\(bad)")
        }
    }
}
