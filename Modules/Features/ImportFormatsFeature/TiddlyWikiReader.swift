import Foundation
import QuillModels

/// Reads a TiddlyWiki: the single HTML file most people keep (its tiddlers in the page, as
/// TiddlyWiki 5.2 and later store them or as older versions and Classic did), a JSON export of
/// its tiddlers, or a Node.js wiki's folder of `.tid` files. Each tiddler is a note; an image
/// tiddler is also the attachment the notes that show it carry.
///
/// Exists because a tiddler is not a Markdown file: its text is WikiText (`WikiText`), its tags a
/// title list (`one [[two words]]`), its dates `20240131120000000`, and a wiki holds TiddlyWiki's
/// own tiddlers (`$:/…`: settings, plugins, state) beside the person's. What each becomes is in
/// `docs/import.md`.
public struct TiddlyWikiReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// Whether the files are a wiki: one HTML file holding tiddlers, one JSON file of them, or a
    /// folder with `tiddlywiki.info`, or with `.tid` files and no Markdown (a vault that holds a
    /// stray `.tid` is a vault).
    public static func finds(in files: some ExportFiles) -> Bool {
        if files.paths.contains(where: { $0 == "tiddlywiki.info" || $0.hasSuffix("/tiddlywiki.info") }) { return true }
        if files.paths.contains(where: { $0.hasSuffix(".tid") }) {
            return !files.paths.contains { $0.lowercased().hasSuffix(".md") || $0.lowercased().hasSuffix(".markdown") }
        }
        return files.paths.count == 1 && singleFile(files.paths[0], of: files) != nil
    }

    /// A file that says a folder is a wiki.
    public static func isFolderWikiFile(_ path: String) -> Bool {
        path == "tiddlywiki.info" || path.hasSuffix("/tiddlywiki.info") || path.hasSuffix(".tid")
    }

    private static func singleFile(_ path: String, of files: some ExportFiles) -> [Tiddler]? {
        guard let bytes = try? files.bytes(of: path) else { return nil }
        switch bytes.first(where: { !XMLPullReader.isSpace($0) }) {
        case UInt8(ascii: "["): return Tiddler.json(bytes)
        case UInt8(ascii: "<"): return Tiddler.html(bytes) ?? Tiddler.storeArea(bytes)
        default: return nil
        }
    }

    /// Each tiddler, with where it was (for the report).
    private func tiddlers(in files: some ExportFiles) throws -> [(entry: String, tiddler: Tiddler)] {
        if files.paths.count == 1, !Self.isFolderWikiFile(files.paths[0]), let tiddlers = Self.singleFile(files.paths[0], of: files) {
            let name = files.paths[0]
            return tiddlers.enumerated().map { ("\(name)#\($0.offset + 1) (\($0.element.title))", $0.element) }
        }
        // A Node.js wiki keeps its tiddlers in `tiddlers/`, beside its own plugins and themes.
        let root = files.paths.filter { $0 == "tiddlywiki.info" || $0.hasSuffix("/tiddlywiki.info") }.min { $0.count < $1.count }
            .map { String($0.dropLast("tiddlywiki.info".count)) + "tiddlers/" } ?? ""
        let all = Set(files.paths)
        var found: [(entry: String, tiddler: Tiddler)] = []
        for path in files.paths where path.hasPrefix(root) {
            let name = String(path.split(separator: "/").last ?? "")
            if name.hasSuffix(".tid") {
                found.append((path, Tiddler.tid(String(decoding: try files.bytes(of: path), as: UTF8.self))))
            } else if name.hasSuffix(".multids") {
                found += Tiddler.multiple(String(decoding: try files.bytes(of: path), as: UTF8.self)).map { (path, $0) }
            } else if name.hasSuffix(".meta") {
                continue
            } else if all.contains(path + ".meta") || AttachmentName.mediaType(of: name) != "application/octet-stream" {
                let meta = all.contains(path + ".meta") ? String(decoding: try files.bytes(of: path + ".meta"), as: UTF8.self) : nil
                var tiddler = Tiddler.binary(try files.bytes(of: path), meta: meta, fileName: name)
                if tiddler.field("type") == nil { tiddler.fields.append(("type", AttachmentName.mediaType(of: name))) }
                found.append((path, tiddler))
            }
        }
        return found
    }

    /// Hands each note on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        let all = try tiddlers(in: files)
        let kept = all.filter { !Self.isTiddlyWikisOwn($0.tiddler) }
        var targets = ExportLinkTargets()
        for (_, tiddler) in kept { targets.add(title: tiddler.title, sourceID: Self.sourceID(tiddler)) }
        var binaries = try Binaries(kept, maximumAttachmentBytes: maximumAttachmentBytes)
        for (entry, tiddler) in kept {
            try await receive(note(tiddler, entry: entry, targets: targets, binaries: &binaries))
        }
        let passed = all.count - kept.count
        let place = files.paths.count == 1 ? files.paths[0] : "tiddlers"
        return passed == 0 ? [] : [(place, "\(passed) \(Counted.noun("tiddler", count: passed)) of TiddlyWiki's own (settings, plugins, drafts: '$:/…')")]
    }

    /// TiddlyWiki's own tiddlers, not the person's: `$:/…` (settings, state, plugins), plugins,
    /// and drafts of an edit not finished.
    private static func isTiddlyWikisOwn(_ tiddler: Tiddler) -> Bool {
        tiddler.title.hasPrefix("$:/") || tiddler.title.isEmpty || tiddler.field("draft.of") != nil || tiddler.field("plugin-type") != nil
    }

    /// A tiddler's identity: its title (TiddlyWiki knows a tiddler by nothing else).
    private static func sourceID(_ tiddler: Tiddler) -> String { "tiddlywiki:" + tiddler.title }

    private func note(_ tiddler: Tiddler, entry: String, targets: ExportLinkTargets, binaries: inout Binaries) -> ForeignNote {
        let title = tiddler.title.trimmingSpaces()
        var note = ForeignNote(sourceID: Self.sourceID(tiddler), entry: entry,
                               title: String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters)), body: "")
        let type = tiddler.field("type") ?? ""
        if let file = binaries.file(tiddler.title) {
            note.body = ExportAttachments.reference(to: file, label: tiddler.title, isImage: AttachmentName.isImage(file.name)) + "\n"
            note.attachments += binaries.carry(tiddler.title)
        } else if ["", "text/vnd.tiddlywiki", "text/x-tiddlywiki"].contains(type) {
            let text = WikiText(tiddler.text, context: WikiText.Context(target: { targets.holds($0) ? targets.target($0) : nil }, images: binaries.paths))
            note.body = text.markdown
            note.linkedTitles = text.linkedTitles
            for image in text.shownImages { note.attachments += binaries.carry(image) }
        } else if ["text/x-markdown", "text/markdown", "text/plain"].contains(type) {
            note.body = tiddler.text
        } else {
            // Code and data (`text/css`, `application/json`, `application/javascript`): a code block in its language.
            let language = type.split(separator: "/").last.map { $0.replacingOccurrences(of: "x-", with: "") } ?? ""
            let fence = tiddler.text.contains("```") ? "````" : "```"
            note.body = fence + language + "\n" + tiddler.text + (tiddler.text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
        }
        note.tags = Self.titles(in: tiddler.field("tags") ?? "")
        note.created = tiddler.field("created").flatMap(Self.date)
        note.updated = tiddler.field("modified").flatMap(Self.date)
        for (name, value) in tiddler.fields where !Self.readFields.contains(name) && !(name == "type" && Self.textTypes.contains(value)) {
            note.properties.append((name, value))
        }
        return note
    }

    /// The fields that become the note's own, and those only a server keeps (`revision`, `bag`).
    private static let readFields: Set<String> = ["title", "text", "tags", "created", "modified", "revision", "bag"]
    private static let textTypes: Set<String> = ["", "text/vnd.tiddlywiki", "text/x-tiddlywiki", "text/x-markdown", "text/markdown", "text/plain"]

    /// A title list: titles separated by spaces, one with spaces in `[[…]]`.
    static func titles(in list: String) -> [String] {
        var titles: [String] = []
        var rest = Substring(list)
        while let first = rest.firstIndex(where: { $0 != " " }) {
            rest = rest[first...]
            if rest.hasPrefix("[["), let end = rest.range(of: "]]") {
                titles.append(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]))
                rest = rest[end.upperBound...]
            } else {
                let title = rest.prefix { $0 != " " }
                titles.append(String(title))
                rest = rest.dropFirst(title.count)
            }
        }
        return titles.filter { !$0.isEmpty }
    }

    /// TiddlyWiki's dates, `YYYYMMDDHHMMSSmmm` in UTC (the milliseconds, or the time, may be left out).
    static func date(_ text: String) -> Date? {
        let digits = text.trimmingSpaces()
        guard [8, 12, 14, 17].contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        func number(_ from: Int, _ count: Int) -> Int64 { from + count <= digits.count ? Int64(digits.dropFirst(from).prefix(count)) ?? 0 : 0 }
        guard number(12, 2) < 60,
              let second = CivilDate.utc(year: number(0, 4), month: number(4, 2), day: number(6, 2),
                                         hour: number(8, 2), minute: number(10, 2), second: number(12, 2)) else { return nil }
        // The milliseconds added as a whole number of them, so that the date is the one written, to the millisecond.
        return Date(timeIntervalSince1970: Double(Int64(second.timeIntervalSince1970) * 1000 + number(14, 3)) / 1000)
    }

    /// The wiki's binary tiddlers (images, PDFs, sounds: base64 in their text, or files beside a
    /// `.meta`), each an attachment, by title; the first note that shows one carries it.
    private struct Binaries {
        private var files: [String: ForeignAttachment] = [:]
        private var carried: Set<String> = []
        /// Where each is, as a Markdown link's address.
        private(set) var paths: [String: String] = [:]

        init(_ tiddlers: [(entry: String, tiddler: Tiddler)], maximumAttachmentBytes: Int64) throws {
            var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
            for (entry, tiddler) in tiddlers where tiddler.bytes != nil || Self.isBinary(tiddler.field("type") ?? "") {
                guard let bytes = tiddler.bytes ?? Data(base64Encoded: tiddler.text, options: .ignoreUnknownCharacters).map(Array.init) else { continue }
                let title = tiddler.title
                let hasExtension = AttachmentName.mediaType(of: title) != "application/octet-stream"
                let name = hasExtension ? title : title + (AttachmentName.fileExtension(of: tiddler.field("type") ?? "").map { "." + $0 } ?? "")
                guard let (file, _) = try attachments.attachment(bytes: bytes, key: title, name: name, entry: entry, shown: title) else { continue }
                files[title] = file
                paths[title] = AttachmentReference.path(hash: file.hash, name: file.name)
            }
        }

        private static func isBinary(_ type: String) -> Bool {
            ["image/", "audio/", "video/", "application/pdf", "application/zip"].contains { type.hasPrefix($0) } && type != "image/svg+xml"
        }

        func file(_ title: String) -> ForeignAttachment? { files[title] }

        /// The attachment a note carries when it is the first to show the tiddler `title`.
        mutating func carry(_ title: String) -> [ForeignAttachment] {
            guard let file = files[title], carried.insert(title).inserted else { return [] }
            return [file]
        }
    }
}
