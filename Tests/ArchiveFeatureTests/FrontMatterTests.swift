@testable import ArchiveFeature
import Foundation
import QuillModels
import Testing

/// The front-matter block of a note file, read strictly: what it accepts, what it takes for a
/// plain Markdown file, and the reason it gives for each way of being malformed.
@Suite("Front matter")
struct FrontMatterTests {
    private enum Outcome: Equatable {
        case note(Note)
        case plain(String, readAs: String? = nil)
        case invalidNote(String)
        case invalidUTF8
        case notText
    }

    /// Parses `bytes` where they lie in a larger buffer, as the tar reader hands them out.
    private func parse(_ bytes: [UInt8]) -> Outcome {
        let buffer = [0x2D, 0x0A] + bytes + [0x2D, 0x2D]
        do {
            switch try FrontMatter.parse(buffer[2..<(buffer.count - 2)], entry: "n.md") {
            case .note(let note): return .note(note)
            case .plain(let text, let readAs): return .plain(text, readAs: readAs)
            case .notText: return .notText
            }
        } catch {
            switch error {
            case .invalidNote(entry: "n.md", let reason): return .invalidNote(reason)
            case .invalidUTF8(entry: "n.md", part: "content"): return .invalidUTF8
            default: Issue.record("unexpected error \(error)"); return .invalidNote("")
            }
        }
    }

    private func parse(_ text: String) -> Outcome { parse(Array(text.utf8)) }

    private static let header = "id: 00ab\ntitle: \"T\"\ntags: []\ncreated: 2026-01-05T09:00:00.123Z\nupdated: 2026-01-05T09:00:00.123Z\nrevision: 1\n"

    @Test("every note the exporter renders reads back exactly", arguments: 0..<14)
    func roundTrip(index: Int) throws {
        let note = try Fixtures.trickyNotes()[index]
        #expect(parse(FrontMatter.render(note)) == .note(note))
    }

    @Test("titles and tags with escapes, non-ASCII text and several tags read back exactly")
    func escapedFields() throws {
        let note = try Note(id: NoteID("0f")!, title: "say \"hi\" \\ naïve 🎉 \u{1}", body: "body\n---\nmore",
                            tags: try Tag.normalize(["zeta", "alpha", "ünï"]), created: Fixtures.epoch, updated: Fixtures.epoch,
                            revision: 7)
        #expect(parse(FrontMatter.render(note)) == .note(note))
    }

    @Test("a file without the opening delimiter is plain Markdown, kept as it is")
    func plainFiles() {
        #expect(parse("# Heading\nbody") == .plain("# Heading\nbody"))
        #expect(parse("") == .plain(""))
        #expect(parse("---\r\nid: 1\r\n---\r\n") == .plain("---\r\nid: 1\r\n---\r\n"))
    }

    @Test("front matter without an id is someone else's: the file is plain Markdown")
    func foreignFrontMatter() {
        let closed = "---\ntitle: Jekyll post\nlayout: post\n---\nbody"
        #expect(parse(closed) == .plain(closed))
        let unclosed = "---\ntitle: x\nno end"
        #expect(parse(unclosed) == .plain(unclosed))
        let rule = "---\n\nJust a horizontal rule above\n"
        #expect(parse(rule) == .plain(rule))
        let repeated = "---\ntag: a\ntag: b\n---\nbody"
        #expect(parse(repeated) == .plain(repeated))
    }

    @Test("a body starts right after the closing delimiter, and may itself look like front matter")
    func bodyBoundary() {
        let text = "---\n" + Self.header + "---\n---\nid: ff\n---\n"
        guard case .note(let note) = parse(text) else { Issue.record("not a note"); return }
        #expect(note.body == "---\nid: ff\n---\n")
        #expect(note.id == NoteID("00ab"))
        #expect(note.revision == 1)
        #expect(note.created == Date(millisecondsSince1970: 1_767_603_600_123))
    }

    @Test("each malformed block is refused with a reason naming the field")
    func malformed() {
        let cases: [(String, String)] = [
            ("---\n" + Self.header, "not closed"),
            ("---\n" + Self.header + "id: 00cd\n---\n", "field 'id' appears twice"),
            ("---\n" + Self.header + "color: red\n---\n", "unknown front matter field 'color'"),
            ("---\n" + Self.header + "oops\n---\n", "malformed front matter line 'oops'"),
            ("---\n" + Self.header + "key:value\n---\n", "malformed front matter line 'key:value'"),
            ("---\n" + Self.header.replacingOccurrences(of: "\"T\"", with: "T") + "---\n", "'title' has an invalid value 'T'"),
            ("---\n" + Self.header.replacingOccurrences(of: "\"T\"", with: "\"T\" x") + "---\n", "'title' has an invalid value"),
            ("---\n" + Self.header.replacingOccurrences(of: "tags: []", with: "tags: [a]") + "---\n", "'tags' has an invalid value '[a]'"),
            ("---\n" + Self.header.replacingOccurrences(of: "tags: []", with: "tags: [\"a\" \"b\"]") + "---\n", "'tags' has an invalid value"),
            ("---\n" + Self.header.replacingOccurrences(of: "created: 2026-01-05T09:00:00.123Z", with: "created: x") + "---\n",
             "'created' has an invalid value 'x'"),
            ("---\n" + Self.header.replacingOccurrences(of: "updated: 2026-01-05T09:00:00.123Z", with: "updated: 2026-02-30T00:00:00Z") + "---\n",
             "'updated' has an invalid value"),
            ("---\n" + Self.header.replacingOccurrences(of: "revision: 1", with: "revision: one") + "---\n", "'revision' has an invalid value 'one'"),
            ("---\n" + Self.header.replacingOccurrences(of: "revision: 1", with: "revision: 0") + "---\n", "revision"),
            ("---\n" + Self.header.replacingOccurrences(of: "\"T\"", with: "\"\"") + "---\n", "title"),
            ("---\n" + Self.header.replacingOccurrences(of: "tags: []", with: "tags: [\"two words\"]") + "---\n", "two words"),
        ]
        for (text, reason) in cases {
            guard case .invalidNote(let actual) = parse(text) else {
                Issue.record("accepted: \(text.debugDescription)"); continue
            }
            #expect(actual.contains(reason), "\(text.debugDescription): \(actual)")
        }
    }

    /// Dendron's vault (github.com/dendronhq/dendron-site) was refused whole: its notes' front
    /// matter has an `id:` of Dendron's and keys Quill does not write.
    @Test("front matter with an id that is not Quill's is another app's: a plain file", arguments: [
        "---\nid: 8L4Qrg3PcSIFiYZBqCU6n\ntitle: Link to Files\ndesc: ''\nupdated: 1642564062835\ncreated: 1642564062835\npods:\n  airtable:\n---\n# Body\n",
        "---\nid: 202301051230\ntitle: Zettel\ntags: [a]\n---\nbody",
        "---\nid: 00ab\ntitle: \"T\"\ntags: []\ncreated: 2026-01-05T09:00:00Z\nupdated: 2026-01-05T09:00:00Z\n---\n",
        "---\n" + header.replacingOccurrences(of: "id: 00ab", with: "id: XYZ") + "---\n",
        "---\nid: 8L4Qrg3PcSIFiYZBqCU6n\ntitle: never closed\n",
    ])
    func anotherAppsID(text: String) {
        #expect(parse(text) == .plain(text))
    }

    @Test("invalid UTF-8 anywhere in the file is reported as such, before what the front matter says")
    func invalidUTF8() {
        let note = Array(("---\n" + Self.header + "---\n").utf8)
        #expect(parse(note + [0x62, 0xC3]) == .invalidUTF8)
        #expect(parse(Array("---\nid: 00ab\ntitle: \"".utf8) + [0xFF] + Array("\"\n".utf8) + note.dropFirst(4)) == .invalidUTF8)
        #expect(parse(Array(("---\n" + Self.header).utf8) + [0xFF]) == .invalidUTF8)
    }

    @Test("a plain file saved in Windows-1252 or UTF-16 is read in its encoding, and says so; a UTF-8 byte-order mark is passed over")
    func otherEncodings() throws {
        #expect(parse([0x23, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x0A, 0x93, 0x71, 0x94, 0x20, 0x80, 0x20, 0x81])
                == .plain("# Café\n“q” € \u{81}", readAs: "the file is not UTF-8; what is not was read as Windows-1252 (Western European)"))
        // A UTF-8 text with one stray Latin-1 byte keeps its UTF-8.
        #expect(parse(Array("# 日本語 naïve ".utf8) + [0xE9] + Array(" 🙂\n".utf8))
                == .plain("# 日本語 naïve é 🙂\n", readAs: "the file is not UTF-8; what is not was read as Windows-1252 (Western European)"))
        let text = "# 日本語 Ελληνικά 🙂\n"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] { #expect(parse(bytes) == .plain(text, readAs: "the file is UTF-16, not UTF-8; read as UTF-16")) }
        // A lone surrogate is no UTF-16: the bytes are read as Windows-1252, nothing lost.
        guard case .plain(_, readAs: let readAs) = parse([0xFF, 0xFE, 0x41, 0xD8]) else { Issue.record("not plain"); return }
        #expect(readAs?.contains("Windows-1252") == true)
        // A NUL byte outside UTF-16: no text (a PDF named .md), even where every byte is valid UTF-8
        // (a file a crash left full of zeros, UTF-16 saved without its byte-order mark).
        #expect(parse(Array("%PDF-1.4\n".utf8) + [0x00, 0xE2, 0xE3]) == .notText)
        #expect(parse([UInt8](repeating: 0, count: 4096)) == .notText)
        #expect(parse("# Title\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == .notText)
        #expect(parse(Array("# Title\nbefore\u{0}after\n".utf8)) == .notText)
        #expect(parse([0xFF, 0xFE, 0x00, 0xD8]) == .notText)
        #expect(parse([0xEF, 0xBB, 0xBF] + Array("# Title\n".utf8)) == .plain("# Title\n", readAs: nil))
        let quill = try Fixtures.trickyNotes()[0]
        #expect(parse([0xEF, 0xBB, 0xBF] + FrontMatter.render(quill)) == .note(quill))
    }

    @Test("tags are normalized on the way in: sorted, duplicates dropped, case folded")
    func tagNormalization() {
        let text = "---\n" + Self.header.replacingOccurrences(of: "tags: []", with: "tags: [\"b\", \"A\", \"a\"]") + "---\n"
        guard case .note(let note) = parse(text) else { Issue.record("not a note"); return }
        #expect(note.tags.map(\.rawValue) == ["a", "b"])
    }
}
