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
    static let fields = ["id", "title", "tags", "created", "updated", "revision"]

    static func render(_ note: Note) -> [UInt8] {
        var text = delimiter
        text += "id: \(note.id)\n"
        text += "title: \(JSONString.quote(note.title))\n"
        text += "tags: [" + note.tags.map { JSONString.quote($0.rawValue) }.joined(separator: ", ") + "]\n"
        text += "created: \(Timestamp(note.created))\n"
        text += "updated: \(Timestamp(note.updated))\n"
        text += "revision: \(note.revision)\n"
        text += delimiter
        return Array(text.utf8) + Array(note.body.utf8)
    }

    enum Parsed: Equatable {
        /// A Quill note with its identity and history.
        case note(Note)
        /// No Quill front matter: an ordinary Markdown file.
        case plain
    }

    /// Parses a file that is already known to be valid UTF-8. Works on UTF-8 positions (the
    /// delimiters are ASCII), as it runs once per note of an import.
    static func parse(_ text: String, entry: String) throws(ArchiveError) -> Parsed {
        let utf8 = text.utf8
        guard utf8.starts(with: delimiter.utf8) else { return .plain }
        var values: [String: String] = [:]
        var malformedLine: String?
        var position = utf8.index(utf8.startIndex, offsetBy: delimiter.utf8.count)
        while true {
            guard let newline = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) else {
                if values["id"] != nil { throw .invalidNote(entry: entry, reason: "the front matter is not closed by '---'") }
                return .plain
            }
            let line = utf8[position..<newline]
            position = utf8.index(after: newline)
            if line.elementsEqual("---".utf8) { break }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), utf8.index(after: colon) < newline,
                  utf8[utf8.index(after: colon)] == UInt8(ascii: " ") else {
                malformedLine = malformedLine ?? String(Substring(line))
                continue
            }
            let key = String(Substring(utf8[line.startIndex..<colon]))
            let value = String(Substring(utf8[utf8.index(colon, offsetBy: 2)..<newline]))
            if values[key] != nil { throw .invalidNote(entry: entry, reason: "front matter field '\(key)' appears twice") }
            values[key] = value
        }
        guard values["id"] != nil else { return .plain }
        if let malformedLine { throw .invalidNote(entry: entry, reason: "malformed front matter line '\(malformedLine)'") }
        if let unknown = values.keys.first(where: { !fields.contains($0) }) {
            throw .invalidNote(entry: entry, reason: "unknown front matter field '\(unknown)'")
        }
        return .note(try note(from: values, body: String(Substring(utf8[position...])), entry: entry))
    }

    private static func note(from values: [String: String], body: String, entry: String) throws(ArchiveError) -> Note {
        func field(_ key: String) throws(ArchiveError) -> String {
            guard let value = values[key] else { throw .invalidNote(entry: entry, reason: "front matter lacks '\(key)'") }
            return value
        }
        func invalid(_ key: String, _ value: String) -> ArchiveError {
            .invalidNote(entry: entry, reason: "front matter field '\(key)' has an invalid value '\(value)'")
        }
        let idText = try field("id")
        guard let id = NoteID(idText) else { throw invalid("id", idText) }
        let titleText = try field("title")
        guard let title = JSONString.unquote(Substring(titleText)), title.rest.isEmpty else { throw invalid("title", titleText) }
        let tagsText = try field("tags")
        guard let tagTexts = parseList(tagsText) else { throw invalid("tags", tagsText) }
        let createdText = try field("created")
        guard let created = Timestamp(parsing: createdText) else { throw invalid("created", createdText) }
        let updatedText = try field("updated")
        guard let updated = Timestamp(parsing: updatedText) else { throw invalid("updated", updatedText) }
        let revisionText = try field("revision")
        guard let revision = Int(revisionText) else { throw invalid("revision", revisionText) }
        do {
            let tags = try Tag.normalize(tagTexts)
            return try Note(id: id, title: title.value, body: body, tags: tags, created: created.date,
                            updated: updated.date, revision: revision)
        } catch {
            throw .invalidNote(entry: entry, reason: error.description)
        }
    }

    /// Parses `["a", "b"]`.
    private static func parseList(_ text: String) -> [String]? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        var rest = text.dropFirst().dropLast()[...]
        var items: [String] = []
        while !rest.isEmpty {
            guard let item = JSONString.unquote(rest) else { return nil }
            items.append(item.value)
            rest = item.rest
            if rest.hasPrefix(", ") { rest = rest.dropFirst(2) } else if !rest.isEmpty { return nil }
        }
        return items
    }
}
