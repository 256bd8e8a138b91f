import ArchiveFeature
import ByteStreamInterface
import ByteStreamTesting
import CompressionInterface
import CompressionTesting
import Foundation
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import ZlibCompression

/// Notes chosen to stress the format: non-ASCII and very long titles, front-matter look-alikes
/// in bodies, CRLF, empty bodies, quotes and backslashes, many tags.
enum Fixtures {
    static let epoch = Date(timeIntervalSince1970: 1_767_603_600.123)

    static func trickyNotes() throws -> [Note] {
        let bodies = [
            "", "plain body", "---\nid: fake\n---\nnot front matter\n", "windows\r\nline endings\r\n",
            "quotes \" and \\ backslashes\u{0}and NUL", "emoji 🎉 and combining e\u{301}", String(repeating: "long line ", count: 5_000),
        ]
        let titles = [
            "Groceries", "Café au lait ☕️ – ünïcödé", String(repeating: "very long title ", count: 15), "slash/in\\title",
            "\"quoted\" title", ".hidden", "tab\there",
        ]
        var notes: [Note] = []
        for index in 0..<14 {
            let tags = try Tag.normalize(index % 3 == 0 ? ["work", "ideas"] : ["home"])
            let created = epoch.addingTimeInterval(Double(index))
            let updated = epoch.addingTimeInterval(Double(index) * 2 + 0.5)
            let id = NoteID(high: 0xABCD, low: UInt64(index + 1))
            notes.append(try Note(id: id, title: titles[index % titles.count], body: bodies[index % bodies.count],
                                  tags: tags, created: created, updated: updated, revision: index + 1))
        }
        return notes
    }

    static let fake = FakeCompression()
    static let zlib = ZlibGzip()

    static func export(_ notes: [Note], compression: any Compressing = zlib, options: ExportOptions = ExportOptions()) async throws -> [UInt8] {
        let sink = InMemoryByteSink()
        _ = try await ArchiveExporter(store: InMemoryNoteStore(notes: notes), history: nil, attachments: nil, compression: compression, scratch: InMemoryScratchStorage())
            .export(to: sink, options: options)
        return sink.bytes
    }

    static func importer(_ store: any NoteStore, decompression: any Decompressing = zlib,
                         scratch: any ScratchStorage = InMemoryScratchStorage()) -> ArchiveImporter {
        ArchiveImporter(store: store, attachments: nil, decompression: decompression, scratch: scratch, ids: SequentialNoteIDs(namespace: 0xFEED),
                        clock: FixedClock(epoch), background: DefaultPriorityExecutor())
    }

    /// Every note in the store, tombstones included, sorted by ID.
    static func snapshot(_ store: any NoteStore) async throws -> [Note] {
        var notes: [Note] = []
        for summary in try await store.list(NoteQuery(includeDeleted: true)).notes.sorted(by: { $0.id < $1.id }) {
            if let note = try await store.note(id: summary.id) { notes.append(note) }
        }
        return notes
    }

    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        try zlib.makeCompressor(level: .standard).compressAll(bytes)
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        try zlib.makeDecompressor(limits: .unlimited).decompressAll(bytes)
    }
}

/// Builds tar streams by hand, including ones no honest tool would write.
enum RawTar {
    static func header(name: [UInt8], type: Character = "0", size: Int, magic: String = "ustar\0", version: String = "00",
                       breakChecksum: Bool = false, sizeField: [UInt8]? = nil, modified: Int = 1_700_000_000) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], _ offset: Int) { header.replaceSubrange(offset..<(offset + bytes.count), with: bytes) }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: width - 1 - digits.count) + digits).utf8) + [0]
        }
        put(Array(name.prefix(100)), 0)
        put(octal(0o644, width: 8), 100)
        put(octal(0, width: 8), 108)
        put(octal(0, width: 8), 116)
        put(sizeField ?? octal(size, width: 12), 124)
        put(octal(modified, width: 12), 136)
        header[156] = type.asciiValue ?? 0
        put(Array(magic.utf8), 257)
        put(Array(version.utf8), 263)
        let sum = (0..<512).reduce(0) { $0 + Int((148..<156).contains($1) ? 32 : header[$1]) } + (breakChecksum ? 1 : 0)
        put(octal(sum, width: 7) + [32], 148)
        return header
    }

    static func entry(_ name: String, _ content: [UInt8], type: Character = "0", modified: Int = 1_700_000_000) -> [UInt8] {
        entry(Array(name.utf8), content, type: type, modified: modified)
    }

    static func entry(_ name: [UInt8], _ content: [UInt8], type: Character = "0", modified: Int = 1_700_000_000) -> [UInt8] {
        header(name: name, type: type, size: content.count, modified: modified) + content + padding(content.count)
    }

    static func pax(_ records: [(String, String)], for name: String) -> [UInt8] {
        let body = records.map { key, value -> String in
            let rest = " \(key)=\(value)\n".utf8.count
            var length = rest + 1
            while String(length).utf8.count + rest != length { length = String(length).utf8.count + rest }
            return "\(length) \(key)=\(value)\n"
        }.joined()
        return entry("PaxHeaders/" + name, Array(body.utf8), type: "x")
    }

    static func padding(_ count: Int) -> [UInt8] {
        [UInt8](repeating: 0, count: (512 - count % 512) % 512)
    }

    static let end = [UInt8](repeating: 0, count: 1024)

    static func markdown(_ text: String) -> [UInt8] { Array(text.utf8) }
}
