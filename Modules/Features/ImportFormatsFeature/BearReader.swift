import Foundation
import QuillModels

/// Reads a Bear backup (`.bear2bk`, a zip of TextBundles; or the folder it unpacks to): each
/// `….textbundle/` holds the note's Markdown (`text.md` or `text.markdown`), its `info.json`
/// with Bear's fields, and the files it shows (`assets/`).
///
/// What each field becomes is in `docs/import.md`. An encrypted note cannot be read without
/// Bear; it is named in the report and passed over.
public struct BearReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// Whether the files hold Bear's TextBundles.
    public static func finds(in files: some ExportFiles) -> Bool {
        files.paths.contains { path in
            guard path.hasSuffix(".textbundle/info.json"), let bytes = try? files.bytes(of: path) else { return false }
            return String(decoding: bytes, as: UTF8.self).contains("net.shinyfrog.bear")
        }
    }

    /// Hands each note on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        var passedOver: [(entry: String, reason: String)] = []
        let all = Set(files.paths)
        for info in files.paths where info.hasSuffix(".textbundle/info.json") {
            let bundle = String(info.dropLast("/info.json".count))
            let fields = (try? JSONDecoder().decode(BearInfo.self, from: Data(try files.bytes(of: info))))?.bear
            if fields?.encrypted == 1 {
                passedOver.append((bundle, "encrypted in Bear (decrypt it in Bear and back up again)"))
                continue
            }
            guard let textPath = ["text.md", "text.markdown", "text.txt"].map({ bundle + "/" + $0 }).first(where: all.contains) else {
                passedOver.append((bundle, "holds no text"))
                continue
            }
            let text = String(decoding: try files.bytes(of: textPath), as: UTF8.self)
            try await receive(try note(text: text, bundle: bundle, fields: fields, files: files, all: all))
        }
        return passedOver
    }

    private func note(text: String, bundle: String, fields: BearInfo.Fields?, files: some ExportFiles, all: Set<String>) throws -> ForeignNote {
        let name = String(bundle.split(separator: "/").last ?? "").replacing(/\.textbundle$/, with: "")
        let heading = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var title = heading.hasPrefix("# ") ? String(heading.dropFirst(2)).trimmingSpaces() : ""
        if title.isEmpty {
            title = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.first { !$0.isEmpty && $0 != "#" }
                .map { String($0.prefix(80)) } ?? name
        }
        var note = ForeignNote(sourceID: "bear:" + (fields?.uniqueIdentifier ?? bundle), entry: bundle,
                               title: String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters)), body: text)
        // `![](assets/x.png)` and `[x](assets/x.pdf)`: the bundle's files, as attachments, in the text's order.
        var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
        note.body = try ExportAttachments.rewritingLinks(in: text) { label, target, isImage in
            guard target.hasPrefix("assets/") else { return nil }
            guard all.contains(bundle + "/" + target) else {
                note.notices.append("'\(target)' is not in the backup; the link is left as it was")
                return nil
            }
            guard let (attachment, isNew) = try attachments.attachment(at: bundle + "/" + target, of: files, entry: bundle, shown: target) else { return nil }
            if isNew { note.attachments.append(attachment) }
            return ExportAttachments.reference(to: attachment, label: label, isImage: isImage)
        }
        note.tags = BearTags.scan(text)
        note.created = fields?.creationDate.flatMap(ForeignDate.parse)
        note.updated = fields?.modificationDate.flatMap(ForeignDate.parse)
        if fields?.pinned == 1 { note.properties.append(("pinned", "true")) }
        note.state = fields?.trashed == 1 ? .trashed : fields?.archived == 1 ? .archived : .active
        return note
    }

}

/// The tags Bear reads in a note's text: `#tag`, `#tag/sub`, and `#two words#`; not a heading
/// (`# Title`), not inside code, not a `#` inside a word or a URL.
enum BearTags {
    static func scan(_ text: String) -> [String] {
        var tags: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingSpaces().hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            let characters = Array(line)
            var index = 0
            var inCode = false
            while index < characters.count {
                let character = characters[index]
                if character == "`" { inCode.toggle() }
                guard !inCode, character == "#", index == 0 || characters[index - 1].isWhitespace,
                      index + 1 < characters.count, !characters[index + 1].isWhitespace, characters[index + 1] != "#" else {
                    index += 1
                    continue
                }
                let rest = characters[(index + 1)...]
                let word = rest.prefix { !$0.isWhitespace }
                // `#two words#`: a closing hash after a space, followed by the end or a space.
                if let closing = rest.firstIndex(where: { $0 == "#" }), closing > index + 1, rest[..<closing].contains(where: \.isWhitespace),
                   !characters[closing - 1].isWhitespace, closing + 1 == characters.count || characters[closing + 1].isWhitespace {
                    tags.append(String(characters[(index + 1)..<closing]))
                    index = closing + 1
                    continue
                }
                let tag = String(word).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?)]\"'"))
                if !tag.isEmpty { tags.append(tag) }
                index += 1 + word.count
            }
        }
        var seen: Set<String> = []
        return tags.filter { seen.insert($0.lowercased()).inserted }
    }
}

/// A TextBundle's `info.json`, with Bear's fields under its own key.
private struct BearInfo: Decodable {
    struct Fields: Decodable {
        let uniqueIdentifier: String?
        let creationDate: String?
        let modificationDate: String?
        let trashed: Int?
        let archived: Int?
        let pinned: Int?
        let encrypted: Int?
    }

    let bear: Fields?

    enum CodingKeys: String, CodingKey { case bear = "net.shinyfrog.bear" }
}
