import QuillAPI
import QuillModels

/// How links are printed: a line per link for people, `LinkDocument`s for scripts, and the
/// graph in Graphviz's format.
enum LinkOutput {
    /// The link as it reads in the text, normalized: `[[Target#Heading|shown]]`, `![[Target]]`,
    /// `[label](Target.md)`, `[label](quill:ID)`.
    static func written(_ link: NoteLink) -> String {
        switch link.form {
        case .wikilink, .embed:
            (link.form == .embed ? "!" : "") + "[[" + link.target + (link.fragment ?? "") + (link.label.map { "|" + $0 } ?? "") + "]]"
        case .markdown: "[" + (link.label ?? "") + "](" + link.target + ".md" + (link.fragment ?? "") + ")"
        case .quillURL: "[" + (link.label ?? "") + "](" + NoteLink.quillScheme + link.target + ")"
        }
    }

    /// Where a link goes: `→ 3f2a91bc  Title`, `→ broken`, and the notes it ties with.
    static func destination(_ resolution: LinkResolution, style: NoteStyle) -> String {
        guard let chosen = resolution.chosen else { return "→ " + style.broken("broken") }
        var text = "→ " + style.id(chosen.id.short) + "  " + chosen.title
        if resolution.isAmbiguous {
            text += "  (ambiguous: also " + resolution.alternatives.map { $0.id.short }.joined(separator: ", ") + ")"
        }
        return text
    }

    /// `quill links ID`: one line per link, in the order of the text.
    static func outgoing(_ links: [ResolvedLink], style: NoteStyle) -> String {
        links.map { "line \($0.link.line)  \(written($0.link))  \(destination($0.resolution, style: style))\n" }.joined()
    }

    /// `quill backlinks ID`: one line per linking line (two links on one line show it once),
    /// with its text.
    static func incoming(_ links: [ResolvedLink], style: NoteStyle) -> String {
        var seen: Set<String> = []
        return links.filter { seen.insert("\($0.source) \($0.link.line)").inserted }
            .map { "\(style.id($0.source.short))  \($0.sourceTitle)  line \($0.link.line): \($0.link.context)\n" }.joined()
    }

    /// The text with each link marked by where it goes: `[[Home]]→3f2a91bc`, `[[Gone]]→broken`.
    /// `links` are the text's links in order, as the index resolved them.
    static func marked(_ text: String, links: [ResolvedLink], style: NoteStyle) -> String {
        let located = NoteLink.scanLocated(text)
        guard located.count == links.count, !located.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for (place, link) in zip(located, links).reversed() {
            let mark = "→" + (link.resolution.chosen.map { style.id($0.id.short) } ?? style.broken("broken"))
            bytes.insert(contentsOf: Array(mark.utf8), at: place.utf8Range.upperBound)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `--broken`, `--ambiguous`: the links grouped under each linking note.
    static func byNote(_ links: [ResolvedLink], style: NoteStyle, showingDestination: Bool) -> String {
        var text = ""
        var current: NoteID?
        for link in links {
            if link.source != current {
                text += "\(style.id(link.source.short))  \(link.sourceTitle)\n"
                current = link.source
            }
            text += "  line \(link.link.line)  \(written(link.link))"
            text += showingDestination ? "  \(destination(link.resolution, style: style))\n" : "\n"
        }
        return text
    }

    static func json(_ links: [ResolvedLink]) throws -> String {
        try NoteOutput.encode(links.map(LinkDocument.init))
    }

    /// The graph: a node per note that links or is linked, an edge per link that reaches a note
    /// (once per pair), and a dashed node per broken target.
    static func dot(_ links: [ResolvedLink]) -> String {
        var text = "digraph quill {\n  node [shape=box, style=rounded];\n"
        var nodes: [NoteID: String] = [:]
        var edges: Set<String> = []
        var lines: [String] = []
        var broken: Set<String> = []
        for link in links {
            nodes[link.source] = link.sourceTitle
            if let chosen = link.resolution.chosen {
                nodes[chosen.id] = chosen.title
                if edges.insert(link.source.rawValue + ">" + chosen.id.rawValue).inserted {
                    lines.append("  \(quoted(link.source.rawValue)) -> \(quoted(chosen.id.rawValue));\n")
                }
            } else {
                let node = "broken:" + link.link.foldedTarget
                if broken.insert(node).inserted {
                    text += "  \(quoted(node)) [label=\(quoted(link.link.target)), style=dashed, color=red];\n"
                }
                if edges.insert(link.source.rawValue + ">" + node).inserted {
                    lines.append("  \(quoted(link.source.rawValue)) -> \(quoted(node)) [style=dashed, color=red];\n")
                }
            }
        }
        for (id, title) in nodes.sorted(by: { $0.key < $1.key }) { text += "  \(quoted(id.rawValue)) [label=\(quoted(title))];\n" }
        return text + lines.joined() + "}\n"
    }

    /// A DOT string: `"` and `\` escaped, line breaks as `\n`.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
