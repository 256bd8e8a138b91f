import Foundation
import QuillModels

/// Reads a Google Keep export (Google Takeout's `Takeout/Keep/`, unpacked or zipped): one JSON
/// file per note, beside the files its notes carry.
///
/// What each field becomes is in `docs/import.md`. A JSON file that is not valid JSON, or not a
/// Keep note, is named in the report and passed over; an attachment the export lacks too.
/// Takeout's known quirk is handled: the JSON may name an attachment `….jpeg` while the file is
/// `….jpg` (or the other way round).
public struct KeepReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// Whether the files hold Keep notes: JSON files with Keep's fields.
    public static func finds(in files: some ExportFiles) -> Bool {
        files.paths.contains { path in
            guard path.lowercased().hasSuffix(".json"), let bytes = try? files.bytes(of: path), bytes.count < 4 << 20 else { return false }
            return (try? JSONDecoder().decode(KeepNote.self, from: Data(bytes)))?.isKeepNote == true
        }
    }

    /// Hands each note on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        var passedOver: [(entry: String, reason: String)] = []
        let all = Set(files.paths)
        for path in files.paths where path.lowercased().hasSuffix(".json") {
            let bytes = try files.bytes(of: path)
            let keep: KeepNote
            do { keep = try JSONDecoder().decode(KeepNote.self, from: Data(bytes)) } catch {
                passedOver.append((path, "not valid JSON"))
                continue
            }
            guard keep.isKeepNote else {
                passedOver.append((path, "not a Keep note"))
                continue
            }
            try await receive(try note(keep, path: path, files: files, all: all))
        }
        return passedOver
    }

    private func note(_ keep: KeepNote, path: String, files: some ExportFiles, all: Set<String>) throws -> ForeignNote {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var body = keep.textContent ?? ""
        if let items = keep.listContent {
            let list = items.map { item in
                (item.isChecked == true ? "- [x] " : "- [ ] ") + (item.text ?? "").replacing("\n", with: "\n  ")
            }.joined(separator: "\n")
            body += (body.isEmpty ? "" : "\n\n") + list
        }
        if let annotations = keep.annotations, !annotations.isEmpty {
            let links = annotations.compactMap { annotation -> String? in
                guard let url = annotation.url, !url.isEmpty else { return nil }
                return "- [" + MarkdownWriter.escaped(annotation.title ?? url) + "](" + url + ")"
            }
            if !links.isEmpty { body += (body.isEmpty ? "" : "\n\n") + links.joined(separator: "\n") }
        }
        let stem = String(path.split(separator: "/").last ?? "").replacing(/\.json$/.ignoresCase(), with: "")
        var title = (keep.title ?? "").split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces()
        if title.isEmpty {
            title = body.split(whereSeparator: \.isNewline).first.map { String($0.prefix(80)).trimmingSpaces() } ?? ""
        }
        if title.isEmpty { title = stem.isEmpty ? "Untitled" : stem }
        var note = ForeignNote(sourceID: "keep:" + stem, entry: path, title: String(title.prefix(NoteLimits.maximumTitleCharacters)), body: body)
        var references: [String] = []
        var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
        for attachment in keep.attachments ?? [] {
            guard let named = attachment.filePath, !named.isEmpty else { continue }
            guard let found = Self.find(named, in: folder, all: all) else {
                note.notices.append("the attachment '\(named)' is not in the export; left out")
                continue
            }
            guard let (kept, isNew) = try attachments.attachment(at: found, of: files, entry: path, shown: named) else { continue }
            if isNew { note.attachments.append(kept) }
            references.append(ExportAttachments.reference(to: kept, label: "", isImage: (attachment.mimetype ?? "").hasPrefix("image/")))
        }
        note.body = AttachmentReference.appending(references, to: note.body)
        note.tags = (keep.labels ?? []).compactMap(\.name)
        note.created = keep.createdTimestampUsec.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }
        note.updated = keep.userEditedTimestampUsec.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }
        if let color = keep.color, color != "DEFAULT" { note.properties.append(("keep-color", color.lowercased())) }
        if keep.isPinned == true { note.properties.append(("pinned", "true")) }
        if let sharees = keep.sharees?.compactMap(\.email), !sharees.isEmpty {
            note.properties.append(("shared-with", sharees.joined(separator: ", ")))
        }
        if (keep.title ?? "").contains(where: \.isNewline) { note.properties.append(("keep-title", keep.title ?? "")) }
        note.state = keep.isTrashed == true ? .trashed : keep.isArchived == true ? .archived : .active
        return note
    }

    /// The file an attachment names, in the note's folder: as named, or with `.jpg` for `.jpeg`
    /// (and back), or any file of the same name with another extension.
    static func find(_ named: String, in folder: String, all: Set<String>) -> String? {
        let prefix = folder.isEmpty ? "" : folder + "/"
        if all.contains(prefix + named) { return prefix + named }
        let stem = named.lastIndex(of: ".").map { String(named[..<$0]) } ?? named
        let suffix = named.lastIndex(of: ".").map { String(named[$0...]).lowercased() } ?? ""
        let alternatives = [".jpeg": [".jpg"], ".jpg": [".jpeg"]][suffix] ?? []
        for alternative in alternatives where all.contains(prefix + stem + alternative) { return prefix + stem + alternative }
        return all.sorted().first { $0.hasPrefix(prefix + stem + ".") && !$0.lowercased().hasSuffix(".json") && !$0.lowercased().hasSuffix(".html") }
    }
}

/// One note as Keep's Takeout writes it; every field optional, as Takeout leaves out what is empty.
private struct KeepNote: Decodable {
    struct Item: Decodable { let text: String?; let isChecked: Bool? }
    struct Label: Decodable { let name: String? }
    struct Attachment: Decodable { let filePath: String?; let mimetype: String? }
    struct Annotation: Decodable { let url: String?; let title: String? }
    struct Sharee: Decodable { let email: String? }

    let title: String?
    let textContent: String?
    let listContent: [Item]?
    let labels: [Label]?
    let attachments: [Attachment]?
    let annotations: [Annotation]?
    let sharees: [Sharee]?
    let color: String?
    let isPinned: Bool?
    let isArchived: Bool?
    let isTrashed: Bool?
    let createdTimestampUsec: Int64?
    let userEditedTimestampUsec: Int64?

    var isKeepNote: Bool {
        (textContent != nil || listContent != nil) && (createdTimestampUsec != nil || userEditedTimestampUsec != nil)
    }
}
