import Foundation
import QuillModels

/// Reads a Joplin export as Joplin writes it: a JEX file (a tar) or the "RAW - Joplin Export
/// Directory" it unpacks to. Each item is a file `<32 hex>.md` at the top: its title, a blank
/// line, its text, a blank line, then its fields as `key: value` lines ending with `type_:`
/// (1 a note, 2 a notebook, 4 a resource, 5 a tag, 6 a tag on a note); a resource's bytes are
/// `resources/<id>.<ext>`.
///
/// Exists because JEX is what Joplin exports by default, and its items read as plain Markdown
/// would be six notes for one: notebooks, tags and their links titled by hexadecimal IDs. What
/// each field becomes is in `docs/import.md`. An encrypted item cannot be read without Joplin;
/// it is named in the report and passed over.
public struct JoplinReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// Whether `path` is named as a Joplin item is: `<32 hex>.md` at the top of the export.
    public static func isItemName(_ path: some StringProtocol) -> Bool {
        let utf8 = path.utf8
        guard utf8.count == 35, path.hasSuffix(".md") else { return false }
        return utf8.prefix(32).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether a tar whose first entry is `path` may be a JEX: an item, or its resources folder
    /// in a file named `.jex` (`fileName`; `nil` when the tar came without a name), as a tar of
    /// another folder may start with one too.
    public static func mayStart(with path: some StringProtocol, fileName: String?) -> Bool {
        isItemName(path) || (path == "resources" || path.hasPrefix("resources/")) && (fileName?.lowercased().hasSuffix(".jex") ?? true)
    }

    /// Whether the files hold Joplin's items: every Markdown file at the top is named as one, and
    /// one of them reads as one.
    public static func finds(in files: some ExportFiles) -> Bool {
        let top = files.paths.filter { !$0.contains("/") && $0.hasSuffix(".md") }
        guard !top.isEmpty, top.allSatisfy(isItemName) else { return false }
        return top.contains { path in (try? files.bytes(of: path)).flatMap(Item.init) != nil }
    }

    /// Hands each note on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        // Every item's fields first (a note's notebook, tags and links are other items); a note's
        // text is read again when the note is made, so that memory holds the fields, not the texts.
        var items: [Item] = []
        var passedOver: [(entry: String, reason: String)] = []
        for path in files.paths where Self.isItemName(path) {
            guard var item = Item(try files.bytes(of: path)) else {
                passedOver.append((path, "not a Joplin item (no 'type_' field)"))
                continue
            }
            if item.type == .note { item.body = "" }
            items.append(item)
        }
        let export = Export(items: items, files: files)
        var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
        for item in items where item.type == .note {
            let entry = item.id + ".md"
            guard !item.isEncrypted else {
                passedOver.append((entry, "encrypted in Joplin (turn encryption off there, or export from a device that decrypted it, and export again)"))
                continue
            }
            guard let whole = Item(try files.bytes(of: entry)) else { continue }
            try await receive(try note(whole, entry: entry, export: export, attachments: &attachments))
        }
        return passedOver
    }

    private func note(_ item: Item, entry: String, export: Export<some ExportFiles>, attachments: inout ExportAttachments) throws -> ForeignNote {
        let title = item.title.trimmingSpaces()
        var note = ForeignNote(sourceID: "joplin:" + item.id, entry: entry,
                               title: String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters)), body: "")
        var text = item.body
        if item["markup_language"] == "2" {
            // An HTML note (a web clip): its HTML as Markdown, whose links to items are then rewritten as a Markdown note's.
            text = (try? MarkdownWriter().markdown(HTMLElement.parse(Array(text.utf8)))) ?? text
            note.notices.append("an HTML note in Joplin; its HTML was written as Markdown")
        }
        // An image Joplin resized is HTML in the Markdown: `<img src=":/id" alt="x" width="300">`.
        if text.contains("<img") {
            text = text.replacing(/<img\s[^>\n]*?src=":\/([0-9a-f]{32})"[^>\n]*>/) { match in
                let alt = match.output.0.firstMatch(of: /\salt="([^"\n]*)"/).map { String($0.output.1) } ?? ""
                return "![\(alt)](:/\(match.output.1))"
            }
        }
        note.body = try ExportAttachments.rewritingLinks(in: text) { label, target, isImage in
            guard target.hasPrefix(":/") else { return nil }
            let id = String(target.dropFirst(2).prefix(32)), fragment = target.dropFirst(2 + 32)
            if let linked = export.notes[id] {
                let linkedTitle = linked.title.trimmingSpaces()
                note.linkedTitles.append(linkedTitle)
                // The words the link showed in Joplin stay what it shows, a heading's slug or not.
                let heading = fragment.hasPrefix("#") ? String(fragment) : ""
                let shown = label.isEmpty ? linkedTitle : label
                return shown == linkedTitle && heading.isEmpty ? "[[\(linkedTitle)]]" : "[[\(linkedTitle)\(heading)|\(shown)]]"
            }
            guard let resource = export.resources[id], !resource.item.isEncrypted, let path = resource.path else {
                note.notices.append("'\(target)' is no note or file of the export; the link is left as it was")
                return nil
            }
            guard let (attachment, isNew) = try attachments.attachment(at: path, of: export.files, entry: entry, shown: resource.name, named: resource.name) else {
                return nil
            }
            if isNew { note.attachments.append(attachment) }
            return ExportAttachments.reference(to: attachment, label: label, isImage: isImage)
        }
        let notebook = export.notebookPath(of: item["parent_id"] ?? "")
        note.tags = (export.tags[item.id] ?? []) + (notebook.map { [$0] } ?? [])
        if let notebook { note.properties.append(("notebook", notebook)) }
        note.created = (item["user_created_time"] ?? item["created_time"]).flatMap(ForeignDate.parse)
        note.updated = (item["user_updated_time"] ?? item["updated_time"]).flatMap(ForeignDate.parse)
        if let author = item["author"], !author.isEmpty { note.properties.append(("author", author)) }
        if let source = item["source_url"], !source.isEmpty { note.properties.append(("source", source)) }
        if item["is_todo"] == "1" {
            let completed = item["todo_completed"] ?? ""
            note.properties.append(("todo", completed.isEmpty || completed == "0" ? "open" : "done"))
            if let due = Self.date(milliseconds: item["todo_due"]) { note.properties.append(("due", Timestamp(due).description)) }
        }
        for key in ["latitude", "longitude"] {
            if let value = item[key], let number = Double(value), number != 0 { note.properties.append((key, value)) }
        }
        if item["is_conflict"] == "1" {
            note.properties.append(("joplin-conflict", "true"))
            note.notices.append("a conflict copy in Joplin")
        }
        if let deleted = item["deleted_time"], deleted != "0", !deleted.isEmpty { note.state = .trashed }
        return note
    }

    /// A time Joplin writes as milliseconds since 1970 (`todo_due`); `nil` for 0 or none.
    private static func date(milliseconds: String?) -> Date? {
        guard let milliseconds, let value = Int64(milliseconds), value > 0 else { return nil }
        return Date(timeIntervalSince1970: Double(value) / 1000)
    }

    /// The kinds of item a note is made of; others (settings, revisions, keys) are not read.
    enum ItemType: String {
        case note = "1", notebook = "2", resource = "4", tag = "5", noteTag = "6"
    }

    /// One item file: its fields read from the end up to the first blank line, then its title
    /// and text, as Joplin's `BaseItem.unserialize` reads them.
    struct Item {
        let id: String
        let type: ItemType?
        let title: String
        var body: String
        private let fields: [String: String]

        init?(_ bytes: [UInt8]) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            var end = lines.count
            while end > 0, lines[end - 1].isEmpty { end -= 1 }
            var fields: [String: String] = [:]
            var index = end
            while index > 0, !lines[index - 1].isEmpty {
                let line = lines[index - 1]
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let value = line[line.index(after: colon)...]
                fields[String(line[..<colon])] = String(value.hasPrefix(" ") ? value.dropFirst() : value)
                index -= 1
            }
            guard let id = fields["id"], fields["type_"] != nil else { return nil }
            let text = lines[..<max(index - 1, 0)]
            self.id = id
            self.type = ItemType(rawValue: fields["type_"] ?? "")
            self.title = text.first.map(String.init) ?? ""
            self.body = text.dropFirst(2).joined(separator: "\n")
            self.fields = fields
        }

        subscript(key: String) -> String? { fields[key] }

        var isEncrypted: Bool { fields["encryption_applied"] == "1" }
    }

    /// Every item of the export by what notes need of it: notebooks, tags, resources, linked notes.
    private struct Export<Files: ExportFiles> {
        struct Resource {
            let item: Item
            /// Its bytes in the export, if there.
            let path: String?
            /// Its file's name: its title when that has an extension, else its ID with one.
            let name: String
        }

        let files: Files
        let notes: [String: Item]
        let resources: [String: Resource]
        /// Tag titles by note ID.
        let tags: [String: [String]]
        private let notebooks: [String: Item]

        init(items: [Item], files: Files) {
            self.files = files
            var byType: [ItemType: [Item]] = [:]
            for item in items { if let type = item.type { byType[type, default: []].append(item) } }
            notes = Dictionary(byType[.note, default: []].map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            notebooks = Dictionary(byType[.notebook, default: []].map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let stored = Dictionary(grouping: files.paths.filter { $0.hasPrefix("resources/") }) { path in
                String(path.dropFirst("resources/".count).prefix(32))
            }
            resources = Dictionary(byType[.resource, default: []].map { item in
                let fileExtension = item["file_extension"] ?? ""
                let title = item.title.trimmingSpaces()
                let name = title.contains(".") ? title : item.id + (fileExtension.isEmpty ? "" : "." + fileExtension)
                return (item.id, Resource(item: item, path: stored[item.id]?.first, name: name))
            }, uniquingKeysWith: { first, _ in first })
            let tagTitles = Dictionary(byType[.tag, default: []].map { ($0.id, $0.title.trimmingSpaces()) }, uniquingKeysWith: { first, _ in first })
            var tags: [String: [String]] = [:]
            for link in byType[.noteTag, default: []] {
                guard let note = link["note_id"], let tag = link["tag_id"].flatMap({ tagTitles[$0] }), !tag.isEmpty else { continue }
                if !(tags[note]?.contains(tag) ?? false) { tags[note, default: []].append(tag) }
            }
            self.tags = tags
        }

        /// `Top/Sub/Notebook` for a notebook ID (a cycle or a missing parent ends the path).
        func notebookPath(of id: String) -> String? {
            var names: [String] = []
            var seen: Set<String> = []
            var current = id
            while let notebook = notebooks[current], seen.insert(current).inserted {
                let name = notebook.title.trimmingSpaces().replacingOccurrences(of: "/", with: "-")
                names.insert(name.isEmpty ? "Untitled" : name, at: 0)
                current = notebook["parent_id"] ?? ""
            }
            return names.isEmpty ? nil : names.joined(separator: "/")
        }
    }
}
