import Foundation
import QuillModels

/// A note as a Markdown file: a front-matter block with its metadata, then the body bytes
/// exactly as stored.
///
/// ```
/// ---
/// id: 3f2a…
/// title: "Groceries"
/// tags: ["home", "todo"]
/// created: 2026-11-22T10:15:30.123Z
/// updated: 2026-11-22T10:15:30.123Z
/// revision: 3
/// ---
/// <body>
/// ```
///
/// Strings are JSON string literals, which YAML also reads, so static-site tools and editors
/// understand the block while Quill can parse it exactly and strictly.
enum FrontMatter {
    static let delimiter = "---\n"

    /// The fields Quill writes, each exactly once.
    enum Field: Int {
        case id, title, tags, created, updated, revision

        var name: String {
            switch self {
            case .id: "id"
            case .title: "title"
            case .tags: "tags"
            case .created: "created"
            case .updated: "updated"
            case .revision: "revision"
            }
        }

        init?(name: ArraySlice<UInt8>) {
            switch String(decoding: name, as: UTF8.self) {
            case "id": self = .id
            case "title": self = .title
            case "tags": self = .tags
            case "created": self = .created
            case "updated": self = .updated
            case "revision": self = .revision
            default: return nil
            }
        }
    }

    static func render(_ note: Note) -> [UInt8] {
        var text = delimiter
        text += "id: \(note.id)\n"
        text += "title: \(JSONText.quoted(note.title))\n"
        text += "tags: [" + note.tags.map { JSONText.quoted($0.rawValue) }.joined(separator: ", ") + "]\n"
        text += "created: \(Timestamp(note.created))\n"
        text += "updated: \(Timestamp(note.updated))\n"
        text += "revision: \(note.revision)\n"
        text += delimiter
        return Array(text.utf8) + Array(note.body.utf8)
    }

    enum Parsed: Equatable {
        /// A Quill note with its identity and history.
        case note(Note)
        /// No Quill front matter: an ordinary Markdown file, with this text, and how it was
        /// read when it was not UTF-8 (`MarkdownFileText`).
        case plain(String, readAs: String? = nil)
        /// No Quill front matter, and no text in any encoding (`MarkdownFileText`): a file of
        /// another kind with a Markdown name, passed over.
        case notText
    }

    /// Parses a note file's bytes. Works on the bytes (delimiters and keys are ASCII) and
    /// makes strings only of the values and the body, as it runs once per note of an import;
    /// every byte is still checked to be UTF-8.
    /// A UTF-8 byte-order mark (Windows editors write one) is passed over.
    static func parse(_ bytes: ArraySlice<UInt8>, entry: String) throws(ArchiveError) -> Parsed {
        let bytes = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes
        guard bytes.starts(with: delimiter.utf8) else { return plain(bytes) }
        var values = Values()
        var malformedLine: ArraySlice<UInt8>?
        var position = bytes.startIndex + delimiter.utf8.count
        while true {
            guard let newline = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
                if values.areQuills { throw refusal(of: bytes, entry: entry, "the front matter is not closed by '---'") }
                return plain(bytes)
            }
            let line = bytes[position..<newline]
            position = newline + 1
            if line.elementsEqual("---".utf8) { break }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon + 1 < newline, bytes[colon + 1] == UInt8(ascii: " ") else {
                malformedLine = malformedLine ?? line
                continue
            }
            values.set(key: bytes[line.startIndex..<colon], value: bytes[(colon + 2)..<newline])
        }
        guard values.areQuills else { return plain(bytes) }
        if let key = values.repeatedKey { throw refusal(of: bytes, entry: entry, "front matter field '\(key)' appears twice") }
        if let malformedLine {
            throw refusal(of: bytes, entry: entry, "malformed front matter line '\(String(decoding: malformedLine, as: UTF8.self))'")
        }
        if let key = values.unknownKey { throw refusal(of: bytes, entry: entry, "unknown front matter field '\(key)'") }
        guard let body = String(validating: bytes[position...], as: UTF8.self) else { throw .invalidUTF8(entry: entry, part: "content") }
        return .note(try note(from: values, body: body, bytes: bytes, entry: entry))
    }

    /// The whole file as text: a plain Markdown note, in whichever encoding it was saved.
    private static func plain(_ bytes: ArraySlice<UInt8>) -> Parsed {
        guard let decoded = MarkdownFileText.decoded(bytes) else { return .notText }
        return .plain(decoded.text, readAs: decoded.notice)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Why the file is refused: not being UTF-8 comes first, as it makes the rest moot.
    private static func refusal(of bytes: ArraySlice<UInt8>, entry: String, _ reason: String) -> ArchiveError {
        String(validating: bytes, as: UTF8.self) == nil ? .invalidUTF8(entry: entry, part: "content") : .invalidNote(entry: entry, reason: reason)
    }

    /// The front-matter lines, as byte ranges of the file, by field.
    private struct Values {
        /// One per case of `Field`.
        private var slots = InlineArray<6, ArraySlice<UInt8>?>(repeating: nil)
        private(set) var repeatedKey: String?
        private(set) var unknownKey: String?

        /// Whether these are Quill's own fields: an `id` that is a note ID, and a `revision`,
        /// which Quill always writes. Other apps write `id:` too (Dendron's `id: 8L4Qrg3PcSIFiYZBqCU6n`,
        /// a Zettelkasten's `id: 202301051230`, without a revision): their files are someone else's.
        var areQuills: Bool {
            guard let id = self[.id], self[.revision] != nil, let text = String(validating: id, as: UTF8.self) else { return false }
            return NoteID(text) != nil
        }

        mutating func set(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
            guard let field = Field(name: key) else {
                if unknownKey == nil { unknownKey = String(decoding: key, as: UTF8.self) }
                return
            }
            if slots[field.rawValue] != nil, repeatedKey == nil { repeatedKey = field.name }
            slots[field.rawValue] = value
        }

        subscript(field: Field) -> ArraySlice<UInt8>? { slots[field.rawValue] }
    }

    private static func note(from values: Values, body: String, bytes: ArraySlice<UInt8>, entry: String) throws(ArchiveError) -> Note {
        func field(_ field: Field) throws(ArchiveError) -> ArraySlice<UInt8> {
            guard let value = values[field] else { throw refusal(of: bytes, entry: entry, "front matter lacks '\(field.name)'") }
            return value
        }
        func string(_ value: ArraySlice<UInt8>) throws(ArchiveError) -> String {
            guard let text = String(validating: value, as: UTF8.self) else { throw .invalidUTF8(entry: entry, part: "content") }
            return text
        }
        func invalid(_ key: String, _ value: ArraySlice<UInt8>) -> ArchiveError {
            refusal(of: bytes, entry: entry, "front matter field '\(key)' has an invalid value '\(String(decoding: value, as: UTF8.self))'")
        }
        let idBytes = try field(.id)
        guard let id = NoteID(try string(idBytes)) else { throw invalid("id", idBytes) }
        let titleBytes = try field(.title)
        guard let title = CanonicalJSONReader.string(atStartOf: Substring(try string(titleBytes))), title.rest.isEmpty else { throw invalid("title", titleBytes) }
        let tagsBytes = try field(.tags)
        guard let tagTexts = parseList(try string(tagsBytes)) else { throw invalid("tags", tagsBytes) }
        let createdBytes = try field(.created)
        guard let created = Timestamp(parsingUTF8: createdBytes) else { throw invalid("created", createdBytes) }
        let updatedBytes = try field(.updated)
        guard let updated = Timestamp(parsingUTF8: updatedBytes) else { throw invalid("updated", updatedBytes) }
        let revisionBytes = try field(.revision)
        guard let revision = Int(try string(revisionBytes)) else { throw invalid("revision", revisionBytes) }
        do {
            let tags = try Tag.normalize(tagTexts)
            return try Note(id: id, title: title.value, body: body, tags: tags, created: created.date,
                            updated: updated.date, revision: revision)
        } catch {
            throw refusal(of: bytes, entry: entry, error.description)
        }
    }

    /// Parses `["a", "b"]`.
    private static func parseList(_ text: String) -> [String]? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        var rest = text.dropFirst().dropLast()[...]
        var items: [String] = []
        while !rest.isEmpty {
            guard let item = CanonicalJSONReader.string(atStartOf: rest) else { return nil }
            items.append(item.value)
            rest = item.rest
            if rest.hasPrefix(", ") { rest = rest.dropFirst(2) } else if !rest.isEmpty { return nil }
        }
        return items
    }
}
