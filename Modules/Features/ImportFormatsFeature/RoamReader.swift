import Foundation
import QuillModels

/// Reads a Roam Research graph exported as JSON ("Export All", JSON: one file, or the zip Roam
/// downloads holding it): each page a note, its blocks an outline of Markdown bullets.
///
/// Exists because Roam keeps a graph as a tree of blocks, each with an ID, and its text is
/// Roam's own Markdown: a block is shown elsewhere by its ID (`((uid))`, `{{embed: ((uid))}}`), a
/// page linked by an alias (`[text]([[Page]])`) or a tag (`#tag`, `#[[two words]]`), italics are
/// `__…__` (bold in Markdown) and a to-do is `{{[[TODO]]}}`. What each becomes is in
/// `docs/import.md`; the text is rewritten by `RoamText`.
public struct RoamReader {
    public init() {}

    /// Whether the files are a Roam JSON export: one JSON file (or the one at the top of a zip)
    /// holding an array of pages, each with a title and something only Roam writes (an ID, a time
    /// or blocks): TiddlyWiki's JSON, for one, is also an array of objects with titles.
    public static func finds(in files: some ExportFiles) -> Bool {
        exportFile(in: files) != nil
    }

    private static func exportFile(in files: some ExportFiles) -> (path: String, pages: [Page])? {
        let candidates = files.paths.count == 1 ? files.paths : files.paths.filter { !$0.contains("/") && $0.lowercased().hasSuffix(".json") }
        for path in candidates {
            guard let bytes = try? files.bytes(of: path), bytes.first(where: { !XMLPullReader.isSpace($0) }) == UInt8(ascii: "["),
                  let pages = try? JSONDecoder().decode([Page].self, from: Data(bytes)), !pages.isEmpty,
                  pages.allSatisfy({ $0.uid != nil || $0.children != nil || $0.createTime != nil || $0.editTime != nil }) else { continue }
            return (path, pages)
        }
        return nil
    }

    /// Hands each page on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        guard let (path, pages) = Self.exportFile(in: files) else { return [] }
        let graph = RoamText.Graph(pages: pages)
        for (index, page) in pages.enumerated() {
            try await receive(note(page, entry: "\(path)#\(index + 1) (\(page.title))", graph: graph))
        }
        return []
    }

    private func note(_ page: Page, entry: String, graph: RoamText.Graph) -> ForeignNote {
        let title = page.title.trimmingSpaces()
        var note = ForeignNote(sourceID: page.sourceID, entry: entry,
                               title: String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters)), body: "")
        var outline = RoamText.Outline(graph: graph)
        for block in page.children ?? [] { outline.add(block, level: 0) }
        note.body = outline.markdown
        note.tags = outline.tags
        note.linkedTitles = outline.linkedTitles
        note.notices = outline.notices
        if page.isDailyNote { note.tags.append("journal") }
        note.created = page.createTime.map(Self.date)
        // A page's own edit time stays when only its blocks change: the latest edit of any is the page's.
        note.updated = ([page.editTime] + outline.editTimes).compactMap { $0 }.max().map(Self.date)
        return note
    }

    private static func date(_ milliseconds: Double) -> Date {
        Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// A page of the export.
    struct Page: Decodable {
        let title: String
        let uid: String?
        let children: [Block]?
        let createTime: Double?
        let editTime: Double?
        let logID: Double?

        enum CodingKeys: String, CodingKey {
            case title, uid, children
            case createTime = "create-time", editTime = "edit-time", logID = ":log/id"
        }

        /// Its identity: its ID, which a rename in Roam keeps; its title without one.
        var sourceID: String { "roam:" + (uid ?? title) }

        /// A daily note: Roam names it by its date (`02-24-2021`) and logs it.
        var isDailyNote: Bool {
            logID != nil || uid.map { $0.count == 10 && $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } } == true
        }
    }

    /// A block: its text, its children, and whether it is a heading (1 to 3).
    struct Block: Decodable {
        let string: String
        let uid: String?
        let children: [Block]?
        let heading: Int?
        let editTime: Double?

        enum CodingKeys: String, CodingKey {
            case string, uid, children, heading
            case editTime = "edit-time"
        }
    }
}
