import Foundation
import QuillModels

/// Reads Notion's "Markdown & CSV" export (its zip, the zips inside it, or the folder it unpacks
/// to): a page is `Title <32 hex>.md`, its sub-pages and files in the folder `Title <32 hex>/`
/// beside it, and a database is `Name <32 hex>.csv` with a page per row in `Name <32 hex>/`.
///
/// What each part becomes is in `docs/import.md`: pages are notes titled without the ID, links
/// between pages `[[links]]`, a sub-page knows its parent, a database row's columns are its front
/// matter (a row without a page is a note of its own), a database is a note listing its rows,
/// and a file a page shows is an attachment; a file the export lacks is named in the report.
public struct NotionReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// Whether the files are a Notion export: pages named with Notion's IDs (in Markdown, or in
    /// HTML, which `read` refuses with what to export instead).
    public static func finds(in files: some ExportFiles) -> Bool {
        files.paths.contains { Page.split($0) != nil }
    }

    /// A page or database's file name: its title and its Notion ID.
    struct Page {
        let title: String
        let id: String

        /// `Title <32 hex>.md` (or `.csv`, `.html`, each also with `_all` before the extension) as its
        /// title and ID; `nil` for another name. Read by hand, not with a `Regex`: it is asked of
        /// every file of every folder an import reads (`finds(in:)`), and a regex made it half of
        /// the import of a plain Markdown folder.
        static func split(_ path: String) -> Page? {
            let name = path.split(separator: "/").last ?? ""
            guard let dot = name.lastIndex(of: "."), ["md", "csv", "html"].contains(name[name.index(after: dot)...]) else { return nil }
            var stem = name[..<dot]
            if stem.hasSuffix("_all"), stem.count > 36 { stem = stem.dropLast(4) }
            let id = stem.suffix(32)
            guard id.count == 32, id.allSatisfy({ $0.isASCII && ($0.isNumber || ("a"..."f").contains($0)) }) else { return nil }
            let spaced = stem.dropLast(32)
            guard spaced.last == " " else { return nil }
            let title = spaced.dropLast()
            guard !title.contains(where: \.isNewline) else { return nil }
            return Page(title: String(title), id: String(id))
        }
    }

    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        let all = Set(files.paths)
        guard files.paths.contains(where: { $0.hasSuffix(".md") }) else {
            throw ForeignFormatError.notTheFormat(entry: "the export", expected: "Notion's \"Markdown & CSV\" export (this is its HTML export: export again as Markdown & CSV)")
        }
        // Titles first: a link names the page it goes to by its file, and becomes `[[its title]]`.
        var titles: [String: String] = [:]
        var texts: [String: String] = [:]
        for path in files.paths where path.hasSuffix(".md") {
            let text = String(decoding: try files.bytes(of: path), as: UTF8.self)
            texts[path] = text
            titles[path] = Self.heading(text) ?? Page.split(path)?.title ?? Self.stem(path)
        }
        for path in files.paths where path.hasSuffix(".csv") && !path.hasSuffix("_all.csv") {
            titles[path] = Page.split(path)?.title ?? Self.stem(path)
        }
        // A database's rows: their columns become the front matter of the row's page.
        var rowColumns: [String: [(String, String)]] = [:]
        // The pages of each folder by title: where a database's rows find their pages.
        var pagesByFolder: [String: [String: String]] = [:]
        for path in texts.keys.sorted() {
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            if let title = titles[path]?.trimmingSpaces(), pagesByFolder[folder]?[title] == nil { pagesByFolder[folder, default: [:]][title] = path }
        }
        for path in files.paths where path.hasSuffix(".csv") && !path.hasSuffix("_all.csv") {
            let rows = CSVTable.rows(String(decoding: try files.bytes(of: path), as: UTF8.self))
            guard let header = rows.first, !header.isEmpty else { continue }
            let folder = String(path.dropLast(4))
            var rowTitles: [String] = []
            for (index, row) in rows.dropFirst().enumerated() {
                let title = (row.first ?? "").trimmingSpaces()
                let columns = zip(header, row).dropFirst().map { ($0.0.trimmingSpaces(), $0.1) }.filter { !$0.1.isEmpty }
                rowTitles.append(title.isEmpty ? "Untitled" : title)
                if let page = pagesByFolder[folder]?[title] {
                    rowColumns[page] = columns
                } else {
                    var note = ForeignNote(sourceID: "notion:" + (Page.split(path)?.id ?? path) + "#\(index + 1)", entry: path + "#\(index + 1)",
                                           title: String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters)), body: "")
                    note.properties = columns
                    note.properties.append(("database", titles[path] ?? ""))
                    try await receive(note)
                }
            }
            var database = ForeignNote(sourceID: "notion:" + (Page.split(path)?.id ?? path), entry: path,
                                       title: String((titles[path] ?? "Untitled").prefix(NoteLimits.maximumTitleCharacters)),
                                       body: rowTitles.map { "- [[" + $0 + "]]" }.joined(separator: "\n") + (rowTitles.isEmpty ? "" : "\n"))
            database.linkedTitles = rowTitles
            database.properties = [("columns", header.map { $0.trimmingSpaces() }.joined(separator: ", "))]
            try await receive(database)
        }
        for path in files.paths where path.hasSuffix(".md") {
            guard let text = texts[path] else { continue }
            try await receive(try note(path: path, text: text, columns: rowColumns[path], titles: titles, files: files, all: all))
        }
        return []
    }

    private func note(path: String, text: String, columns: [(String, String)]?, titles: [String: String], files: some ExportFiles,
                      all: Set<String>) throws -> ForeignNote {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var body = text
        var properties: [(key: String, value: String)] = []
        if let columns {
            // A row's page lists its properties under its heading; the database's CSV has them too
            // (perhaps not all): the page's lines, then the columns they lack, become front matter.
            let (lines, rest) = Self.propertyLines(body)
            properties = lines
            properties += columns.filter { column in !lines.contains { $0.key == column.0 } }
            body = rest
        }
        var note = ForeignNote(sourceID: "notion:" + (Page.split(path)?.id ?? path), entry: path,
                               title: String((titles[path] ?? "Untitled").prefix(NoteLimits.maximumTitleCharacters)), body: "")
        // Links and images: a page's link is `[[its title]]`; a file is an attachment.
        var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
        note.body = try ExportAttachments.rewritingLinks(in: body) { label, target, isImage in
            guard !target.contains("://"), !target.hasPrefix("mailto:"), !target.hasPrefix("#") else { return nil }
            let resolved = Self.resolve(target, from: folder)
            if target.hasSuffix(".md") || target.hasSuffix(".csv") {
                // A page the export lacks keeps its title: the report names the link as unresolved.
                let title = resolved.flatMap { titles[$0] } ?? Page.split(target)?.title ?? Self.stem(target)
                note.linkedTitles.append(title)
                return "[[" + title + "]]"
            }
            guard let resolved, all.contains(resolved) else {
                note.notices.append("'\(target)' is not in the export; the link is left as it was")
                return nil
            }
            guard let (attachment, isNew) = try attachments.attachment(at: resolved, of: files, entry: path, shown: target) else { return nil }
            if isNew { note.attachments.append(attachment) }
            return ExportAttachments.reference(to: attachment, label: label, isImage: isImage)
        }
        // A sub-page: its folder is named after its parent page, which sits beside the folder.
        var ancestors: [String] = []
        var parentFolder = folder
        while !parentFolder.isEmpty {
            if let parent = titles[parentFolder + ".md"] { ancestors.insert(parent, at: 0) }
            parentFolder = parentFolder.split(separator: "/").dropLast().joined(separator: "/")
        }
        if let parent = ancestors.last {
            properties.append(("parent", "[[" + parent + "]]"))
            properties.append(("path", (ancestors + [note.title]).joined(separator: " / ")))
            note.linkedTitles.append(parent)
        }
        note.properties = properties
        for (key, value) in properties where ["created", "created time"].contains(key.lowercased()) { note.created = ForeignDate.spelledOut(value) ?? note.created }
        for (key, value) in properties where ["last edited time", "updated", "last edited"].contains(key.lowercased()) {
            note.updated = ForeignDate.spelledOut(value) ?? note.updated
        }
        return note
    }

    /// `# Title` on the first line.
    private static func heading(_ text: String) -> String? {
        guard let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first, first.hasPrefix("# ") else { return nil }
        let title = String(first.dropFirst(2)).trimmingSpaces()
        return title.isEmpty ? nil : title
    }

    private static func stem(_ path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "")
        return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }

    /// A relative link's target as a path of the export, `..` and `.` resolved; `nil` if it climbs out.
    static func resolve(_ target: String, from folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." { guard parts.popLast() != nil else { return nil } } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// The `Key: value` lines under a database row's heading, and the text without them.
    private static func propertyLines(_ text: String) -> ([(key: String, value: String)], String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix("# ") == true else { return ([], text) }
        var index = 1
        while index < lines.count, lines[index].isEmpty { index += 1 }
        let start = index
        var properties: [(key: String, value: String)] = []
        while index < lines.count, let colon = lines[index].range(of: ": ") {
            properties.append((String(lines[index][..<colon.lowerBound]), String(lines[index][colon.upperBound...])))
            index += 1
        }
        guard index > start, index == lines.count || lines[index].isEmpty else { return ([], text) }
        lines.removeSubrange(start..<index)
        return (properties, lines.joined(separator: "\n"))
    }
}
