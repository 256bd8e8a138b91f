import Foundation
import QuillModels

/// Reads a Standard Notes backup: the decrypted "Backup and Import File" (`…txt`, JSON), alone or
/// in the zip Standard Notes makes (whose `Items/` folder repeats what the file holds).
///
/// What each field becomes is in `docs/import.md`. An encrypted backup is refused with what to
/// export instead; editors, themes and settings are named as passed over.
public struct StandardNotesReader {
    public init() {}

    /// Whether the files hold a Standard Notes backup.
    public static func finds(in files: some ExportFiles) -> Bool {
        backupFile(in: files) != nil
    }

    /// The backup file: JSON with `items` whose entries have a `content_type`, the shallowest.
    private static func backupFile(in files: some ExportFiles) -> String? {
        files.paths.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".json") || files.paths.count == 1 }
            .sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
            .first { path in
                guard let bytes = try? files.bytes(of: path), bytes.first(where: { !XMLPullReader.isSpace($0) }) == UInt8(ascii: "{"),
                      let backup = try? JSONDecoder().decode(Backup.self, from: Data(bytes)) else { return false }
                return backup.items.contains { $0.contentType != nil }
            }
    }

    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        guard let path = Self.backupFile(in: files) else { return [] }
        let backup = try JSONDecoder().decode(Backup.self, from: Data(try files.bytes(of: path)))
        if backup.items.contains(where: { $0.isEncrypted }) {
            throw ForeignFormatError.notTheFormat(entry: path, expected: "a decrypted Standard Notes backup (this one is encrypted: export a decrypted backup, or \"Download a decrypted backup\")")
        }
        var tagsOfNote: [String: [String]] = [:]
        for item in backup.items where item.contentType == "Tag" && item.deleted != true {
            for reference in item.content?.references ?? [] where reference.contentType == "Note" {
                tagsOfNote[reference.uuid, default: []].append(item.content?.title ?? "")
            }
        }
        var passedOver: [(entry: String, reason: String)] = []
        for item in backup.items where item.deleted != true {
            switch item.contentType {
            case "Note":
                try await receive(note(item, entry: path + "#" + (item.uuid ?? ""), tags: tagsOfNote[item.uuid ?? ""] ?? []))
            case "Tag", "SN|UserPreferences", "SN|SmartTag", "SN|Privileges", "SN|ItemsKey", "SN|FileSafe|Credentials":
                continue
            default:
                let name = item.content?.name ?? item.content?.title ?? item.uuid ?? ""
                passedOver.append((path + "#" + (item.uuid ?? ""), "\(item.contentType ?? "an item") '\(name)' is not a note (an editor, theme or setting)"))
            }
        }
        return passedOver
    }

    private func note(_ item: Backup.Item, entry: String, tags: [String]) -> ForeignNote {
        let content = item.content
        let text = content?.text ?? ""
        var title = (content?.title ?? "").split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces()
        if title.isEmpty { title = text.split(whereSeparator: \.isNewline).first.map { String($0.prefix(80)).trimmingSpaces() } ?? "" }
        var note = ForeignNote(sourceID: "standardnotes:" + (item.uuid ?? entry), entry: entry,
                               title: String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters)), body: text)
        note.tags = tags.filter { !$0.isEmpty }
        note.created = item.createdAt.flatMap(ForeignDate.parse)
        note.updated = (content?.appData?.standardNotes?.clientUpdatedAt ?? item.updatedAt).flatMap(ForeignDate.parse)
        if let type = content?.noteType, type != "plain-text", type != "markdown" { note.properties.append(("note-type", type)) }
        let flags = content?.appData?.standardNotes
        if content?.pinned == true || flags?.pinned == true { note.properties.append(("pinned", "true")) }
        if content?.locked == true || flags?.locked == true { note.properties.append(("locked", "true")) }
        let archived = content?.archived == true || flags?.archived == true
        note.state = content?.trashed == true ? .trashed : archived ? .archived : .active
        return note
    }
}

/// A Standard Notes backup file, the fields the import reads (version 003 and 004).
private struct Backup: Decodable {
    struct Reference: Decodable {
        let uuid: String
        let contentType: String?
        enum CodingKeys: String, CodingKey { case uuid, contentType = "content_type" }
    }

    struct AppData: Decodable {
        struct Fields: Decodable {
            let clientUpdatedAt: String?
            let pinned: Bool?
            let archived: Bool?
            let locked: Bool?
            enum CodingKeys: String, CodingKey { case clientUpdatedAt = "client_updated_at", pinned, archived, locked }
        }
        let standardNotes: Fields?
        enum CodingKeys: String, CodingKey { case standardNotes = "org.standardnotes.sn" }
    }

    struct Content: Decodable {
        let title: String?
        let text: String?
        let name: String?
        let noteType: String?
        let references: [Reference]?
        let appData: AppData?
        let trashed: Bool?
        let archived: Bool?
        let pinned: Bool?
        let locked: Bool?
    }

    struct Item: Decodable {
        let uuid: String?
        let contentType: String?
        /// `nil` also when the content is a string: then the item is encrypted.
        let content: Content?
        let isEncrypted: Bool
        let createdAt: String?
        let updatedAt: String?
        let deleted: Bool?

        enum CodingKeys: String, CodingKey {
            case uuid, content, deleted, contentType = "content_type", createdAt = "created_at", updatedAt = "updated_at"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            uuid = try container.decodeIfPresent(String.self, forKey: .uuid)
            contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
            createdAt = try? container.decodeIfPresent(String.self, forKey: .createdAt)
            updatedAt = try? container.decodeIfPresent(String.self, forKey: .updatedAt)
            deleted = try? container.decodeIfPresent(Bool.self, forKey: .deleted)
            if (try? container.decodeIfPresent(String.self, forKey: .content)) != nil {
                content = nil
                isEncrypted = true
            } else {
                content = try? container.decodeIfPresent(Content.self, forKey: .content)
                isEncrypted = false
            }
        }
    }

    let items: [Item]
}
