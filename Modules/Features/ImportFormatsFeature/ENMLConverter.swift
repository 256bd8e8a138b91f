import QuillModels

/// Evernote's note markup (ENML, XHTML with a few elements of its own) as Markdown, through
/// the shared `MarkdownWriter`:
/// - `<en-media hash>` is the attachment whose MD5 it names, at its place in the text;
/// - `<en-todo checked>`, the checklists of Evernote 10 (`--en-todo` lists) and its tasks
///   (`<task>` elements, placed where their task group is) are checklist items;
/// - `--en-codeblock` blocks are code blocks; `<en-crypt>` keeps its cipher text in a code block;
/// - a link to another note (`evernote:///view/…`, `…/shard/…/nl/…`) is a `[[link]]` to the title
///   it shows.
struct ENMLConverter {
    /// An attachment of the note, by the MD5 Evernote names it with.
    struct Resource {
        let attachment: ForeignAttachment
        let isImage: Bool
    }

    /// A task of Evernote 10, which the ENML shows only as a placeholder for its group.
    struct Task {
        var title = ""
        var completed = false
        var group = ""
        var sortWeight = ""
    }

    struct Result {
        var markdown: String
        var linkedTitles: [String]
        var notices: [String]
        /// The MD5s of the resources the text placed.
        var placed: Set<String>
    }

    let resources: [String: Resource]
    let tasks: [Task]

    func convert(_ enml: [UInt8]) throws(XMLFormatError) -> Result {
        let root = try HTMLElement.parse(enml)
        let state = ConversionState()
        let writer = MarkdownWriter { element in replacement(for: element, state: state) }
        var markdown = writer.markdown(root)
        let unplaced = tasks.filter { !state.placedGroups.contains($0.group) }
        if !unplaced.isEmpty {
            markdown += (markdown.isEmpty ? "" : "\n") + Self.checklist(unplaced) + "\n"
        }
        return Result(markdown: markdown, linkedTitles: state.linkedTitles, notices: state.notices, placed: state.placed)
    }

    /// What the conversion met, gathered from inside the writer's hook.
    private final class ConversionState {
        var linkedTitles: [String] = []
        var notices: [String] = []
        var placed: Set<String> = []
        var placedGroups: Set<String> = []
    }

    private func replacement(for element: HTMLElement, state: ConversionState) -> MarkdownWriter.Replacement? {
        switch element.name {
        case "en-media":
            let hash = (element.attributes["hash"] ?? "").lowercased()
            guard let resource = resources[hash] else {
                state.notices.append("the text shows an attachment (MD5 \(hash)) that the export does not hold; left out")
                return .dropped
            }
            state.placed.insert(hash)
            let name = resource.attachment.name
            return .inline(AttachmentReference.markdown(hash: resource.attachment.hash, name: name, label: name, embedded: resource.isImage))
        case "en-todo":
            return .checkbox(checked: element.attributes["checked"]?.lowercased() == "true")
        case "en-crypt":
            state.notices.append("encrypted text kept as its cipher text (decrypt it in Evernote before exporting)")
            let hint = element.attributes["hint"].map { " (hint: \(MarkdownWriter.escaped($0)))" } ?? ""
            return .block("Encrypted in Evernote\(hint):\n\n" + MarkdownWriter.fenced(element.textContent.trimmingSpaces()))
        case "a":
            guard let href = element.attributes["href"], Self.isNoteLink(href) else { return nil }
            let title = element.textContent.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !title.isEmpty, !title.contains("]]"), !title.contains("|") else { return nil }
            state.linkedTitles.append(title)
            return .inline("[[" + title + "]]")
        case "li":
            guard let checked = element.style["--en-checked"] else { return nil }
            return .checklistItem(checked: checked.lowercased() == "true")
        case "div", "pre":
            let style = element.style
            if style["--en-codeblock"] == "true" || style["-en-codeblock"] == "true" { return .code }
            if style["--en-task-group"] == "true", let group = style["--en-id"] {
                state.placedGroups.insert(group)
                return .block(Self.checklist(tasks.filter { $0.group == group }))
            }
            return nil
        default:
            return nil
        }
    }

    private static func checklist(_ tasks: [Task]) -> String {
        tasks.sorted { $0.sortWeight < $1.sortWeight }
            .map { ($0.completed ? "- [x] " : "- [ ] ") + MarkdownWriter.escaped($0.title.trimmingSpaces()) }
            .joined(separator: "\n")
    }

    /// A link from one Evernote note to another: the app's own scheme, or its web form.
    static func isNoteLink(_ href: String) -> Bool {
        let lower = href.lowercased()
        return lower.hasPrefix("evernote:///view/") || (lower.contains("evernote.com/shard/") && lower.contains("/nl/"))
    }
}
