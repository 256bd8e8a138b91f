import Foundation
import QuillModels

/// Reads a Logseq graph (its folder, or a zip of it): `pages/*.md` and `journals/*.md`, beside
/// `logseq/config.edn`, and any other Markdown in it as pages.
///
/// Exists because a graph read as a plain folder of Markdown gives pages the wrong titles and
/// every link that reaches them is broken: Logseq writes a page `A/B?` as `A___B%3F.md`, names a
/// journal `2024_01_31.md` while its links say `[[Jan 31st, 2024]]`, and keeps a page's title,
/// tags and aliases as `key:: value` lines at its top. What each becomes is in `docs/import.md`.
public struct LogseqReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    public static let configuration = "logseq/config.edn"

    /// Whether the files are a Logseq graph: its configuration, and pages or journals.
    public static func finds(in files: some ExportFiles) -> Bool {
        guard let root = root(of: files) else { return false }
        return files.paths.contains { $0.hasPrefix(root + "pages/") || $0.hasPrefix(root + "journals/") }
    }

    /// Where the graph is in the files: `""`, or the folder a zip of it holds it in (`graph/`).
    static func root(of files: some ExportFiles) -> String? {
        let found = files.paths.filter { $0 == configuration || $0.hasSuffix("/" + configuration) }.min { $0.count < $1.count }
        return found.map { String($0.dropLast(configuration.count)) }
    }

    /// Hands each page on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
        let all = Set(files.paths)
        let root = Self.root(of: files) ?? ""
        let titleFormat = (try? files.bytes(of: root + Self.configuration)).flatMap(Self.journalTitleFormat) ?? Self.defaultJournalTitleFormat
        // Logseq reads `pages/` and `journals/`; Markdown elsewhere (a folder Obsidian shares with
        // Logseq) is read as pages too, so that nothing is left behind. `logseq/` is its own (backups).
        // Every page first, for the blocks one shows of another (`LogseqBlocks`).
        var pages: [GraphPage] = []
        var blocks = LogseqBlocks()
        for path in files.paths where path.hasPrefix(root) && !path.dropFirst(root.count).hasPrefix("logseq/") {
            let parts = path.dropFirst(root.count).split(separator: "/")
            let name = parts.last.map(String.init) ?? ""
            let isOrg = name.lowercased().hasSuffix(".org")
            guard isOrg || name.lowercased().hasSuffix(".md") else { continue }
            let read = String(decoding: try files.bytes(of: path), as: UTF8.self)
            // An Org page is read as the Markdown page Logseq writes for the same blocks.
            let page = GraphPage(Page(isOrg ? LogseqOrg.markdown(read) : read), path: path, root: root, stem: String(name.dropLast(isOrg ? 4 : 3)),
                                 journalTitleFormat: parts.count == 2 && parts[0] == "journals" ? titleFormat : nil)
            blocks.add(page: page.title, sourceID: page.sourceID, body: page.page.body)
            pages.append(page)
        }
        for page in pages {
            try await receive(try note(page, root: root, blocks: blocks, files: files, all: all, attachments: &attachments))
        }
        return []
    }

    /// A page of the graph, read: its properties and text, and the note's title and identity.
    private struct GraphPage {
        let page: Page
        let path: String
        let sourceID: String
        let title: String
        /// For a journal, its day.
        let journalDay: Date?
        let isJournal: Bool

        /// - Parameter journalTitleFormat: for a journal, the format of its title.
        init(_ page: Page, path: String, root: String, stem: String, journalTitleFormat: String?) {
            self.page = page
            self.path = path
            // Its path in the graph: the same page of the folder or of a zip of it is the same note.
            sourceID = "logseq:" + path.dropFirst(root.count)
            isJournal = journalTitleFormat != nil
            journalDay = isJournal ? LogseqReader.journalDay(stem) : nil
            let title = page.properties.first { $0.key == "title" }?.value
                ?? journalDay.map { LogseqReader.journalTitle($0, format: journalTitleFormat ?? LogseqReader.defaultJournalTitleFormat) }
                ?? LogseqReader.pageTitle(fileStem: stem)
            self.title = String((title.isEmpty ? "Untitled" : title).prefix(NoteLimits.maximumTitleCharacters))
        }
    }

    private func note(_ graphPage: GraphPage, root: String, blocks: LogseqBlocks, files: some ExportFiles, all: Set<String>,
                      attachments: inout ExportAttachments) throws -> ForeignNote {
        let (page, path) = (graphPage.page, graphPage.path)
        var note = ForeignNote(sourceID: graphPage.sourceID, entry: path, title: graphPage.title, body: "")
        let (referenced, missing) = blocks.rewritten(page.body)
        note.notices += missing
        // `![x](../assets/a.png)`, with Logseq's size after it (`{:height 100, :width 200}`), and `[x](../assets/a.pdf)`.
        let body = referenced.contains("){:") ? referenced.replacing(/(\]\(\.\.\/assets\/[^)\n]+\))\{:[^}\n]*\}/) { String($0.output.1) } : referenced
        note.body = try ExportAttachments.rewritingLinks(in: body) { label, target, isImage in
            guard target.hasPrefix("../assets/") else { return nil }
            let file = root + target.dropFirst("../".count)
            guard all.contains(file) else {
                note.notices.append("'\(target)' is not in the graph; the link is left as it was")
                return nil
            }
            guard let (attachment, isNew) = try attachments.attachment(at: file, of: files, entry: path, shown: target) else { return nil }
            if isNew { note.attachments.append(attachment) }
            return ExportAttachments.reference(to: attachment, label: label, isImage: isImage)
        }
        for (key, value) in page.properties where key != "title" {
            switch key {
            case "tags": note.tags += Self.names(in: value)
            case "alias": note.aliases += Self.names(in: value)
            default: note.properties.append((key, value))
            }
        }
        if graphPage.isJournal { note.tags.append("journal") }
        note.created = graphPage.journalDay
        note.linkedTitles = Self.linkedTitles(in: note.body)
        return note
    }

    /// A page's title from its file's name (`:file/name-format :triple-lowbar`): `___` is `/`,
    /// and what Logseq percent-encoded (`%3F` for `?`) is decoded.
    static func pageTitle(fileStem: String) -> String {
        let named = fileStem.replacingOccurrences(of: "___", with: "/")
        return (named.removingPercentEncoding ?? named).trimmingSpaces()
    }

    /// The day of a journal named `yyyy_MM_dd`, at its start in UTC.
    static func journalDay(_ stem: String) -> Date? {
        let parts = stem.split(separator: "_")
        guard parts.count == 3, let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]) else { return nil }
        return CivilDate.utc(year: year, month: month, day: day)
    }

    /// Logseq's format of a journal's title when its configuration names none.
    static let defaultJournalTitleFormat = "MMM do, yyyy"

    /// The `:journal/page-title-format` the graph's `config.edn` sets (a line not commented out).
    static func journalTitleFormat(_ configuration: [UInt8]) -> String? {
        String(decoding: configuration, as: UTF8.self).split(separator: "\n")
            .first { !$0.trimmingSpaces().hasPrefix(";") && $0.contains(":journal/page-title-format") }
            .flatMap { $0.firstMatch(of: /:journal\/page-title-format\s+"([^"]+)"/).map { String($0.output.1) } }
    }

    /// A journal's title as Logseq shows and links it, in its format's tokens (date-fns's):
    /// `yyyy` `yy`, `MMMM` `MMM` `MM` `M`, `do` `dd` `d`, `EEEE` `EEE` `E`; text in single quotes
    /// as written. `MMM do, yyyy` gives "Jan 31st, 2024".
    static func journalTitle(_ day: Date, format: String) -> String {
        let days = Int64((day.timeIntervalSince1970 / 86_400).rounded(.down))
        let (civilYear, civilMonth, civilDay) = CivilDate.date(days: days)
        let (year, month, dayNumber, weekday) = (Int(civilYear), Int(civilMonth), Int(civilDay), CivilDate.weekday(days: days) + 1)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let ordinal = (11...13).contains(dayNumber % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][dayNumber % 10] ?? "th"
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let tokens: [(String, String)] = [
            ("yyyy", padded(year, 4)), ("yy", padded(year % 100, 2)), ("MMMM", months[month - 1]), ("MMM", String(months[month - 1].prefix(3))),
            ("MM", padded(month, 2)), ("M", String(month)), ("do", "\(dayNumber)\(ordinal)"), ("dd", padded(dayNumber, 2)),
            ("d", String(dayNumber)), ("EEEE", weekdays[weekday - 1]), ("EEE", String(weekdays[weekday - 1].prefix(3))),
            ("E", String(weekdays[weekday - 1].prefix(3))),
        ]
        var title = "", rest = Substring(format)
        while let first = rest.first {
            if first == "'" {
                let quoted = rest.dropFirst().prefix { $0 != "'" }
                title += quoted
                rest = rest.dropFirst(quoted.count + 2)
            } else if let (token, value) = tokens.first(where: { rest.hasPrefix($0.0) }) {
                title += value
                rest = rest.dropFirst(token.count)
            } else {
                title.append(first)
                rest = rest.dropFirst()
            }
        }
        return title
    }

    /// The names a property lists: `a, b`, `#a #b`, `[[a b]], [[c]]`, `steering wheel, motor`.
    static func names(in value: String) -> [String] {
        var names: [String] = []
        var rest = Substring(value)
        while let open = rest.range(of: "[[") {
            names += plainNames(rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].range(of: "]]") else { break }
            names.append(String(rest[open.upperBound..<close.lowerBound]).trimmingSpaces())
            rest = rest[close.upperBound...]
        }
        return (names + plainNames(rest)).filter { !$0.isEmpty }
    }

    /// The names between links: separated by commas, each with its spaces (`alias:: Portal, Logseq
    /// Portal` names two pages, as Logseq reads it), except that hashtags (`#a #b`) are one name each.
    private static func plainNames(_ text: Substring) -> [String] {
        text.split(separator: ",").flatMap { piece -> [String] in
            let name = String(piece).trimmingSpaces()
            guard name.hasPrefix("#") else { return [name] }
            return name.split(separator: " ").map { String($0.hasPrefix("#") ? $0.dropFirst() : $0) }
        }
    }

    /// The titles `[[links]]` of the text name (before any `|` or `#`).
    static func linkedTitles(in text: String) -> [String] {
        text.matches(of: /\[\[([^\]\n]+)\]\]/).map { match in
            String(match.output.1.split(separator: "|", maxSplits: 1).first ?? "").split(maxSplits: 1) { $0 == "#" || $0 == "^" }.first.map(String.init) ?? ""
        }.filter { !$0.isEmpty }
    }

    /// A page's properties (its first lines `key:: value`, or an older page's YAML block of
    /// `key: value` lines), and the text after them.
    struct Page {
        var properties: [(key: String, value: String)] = []
        var body: String

        init(_ text: String) {
            var lines: ArraySlice<Substring>
            if let block = FrontMatterBlock(text) {
                properties = (block.firstLine..<block.closingLine).compactMap { block.key(at: $0) }.map { (String($0.name), String($0.value)) }
                lines = block.rest.map { $0.split(separator: "\n", omittingEmptySubsequences: false)[...] } ?? []
            } else {
                lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
            }
            while let line = lines.first, let separator = line.range(of: ":: "), separator.lowerBound > line.startIndex,
                  line[..<separator.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                properties.append((String(line[..<separator.lowerBound]), String(line[separator.upperBound...]).trimmingSpaces()))
                lines = lines.dropFirst()
            }
            while lines.first?.trimmingSpaces().isEmpty == true { lines = lines.dropFirst() }
            body = lines.joined(separator: "\n")
        }
    }
}
