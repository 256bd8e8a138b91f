import QuillModels

/// Fenced code inside list items, which Ink cannot render: it runs a fence after a list marker,
/// or indented under an item, into the item's text (an empty `<code></code>` and the code as one
/// line), and reads one after a blank line in a numbered list as indented code running over the
/// items after it. Outliners (Logseq, Roam) write every code block so.
///
/// Exists so that the page shows as code what every scanner reads as code (`MarkdownCode`): each
/// such block is given to Ink as one placeholder where it was, and made `<pre><code>` again once
/// the page's HTML is safe (`Placeholders`), the fence's indentation taken from its lines and the
/// code escaped. A fence at the margin, or in a quotation (rendered on its own), is Ink's.
enum ListCodeBlocks {
    /// What stands for block N in the text given to Ink: private-use characters around N.
    static func placeholder(_ index: Int) -> String { start + String(index) + end }
    static let start = "\u{E004}", end = "\u{E005}"

    /// The text with each fenced block of a list item as a placeholder line (its item's marker
    /// kept), and the blocks' HTML in order.
    static func extracted(_ markdown: String) -> (text: String, blocks: [String]) {
        guard markdown.contains("```") || markdown.contains("~~~") else { return (markdown, []) }
        // By bytes: a `\r\n` is one `Character`, and would hide the line break.
        let lines = markdown.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        var fences = MarkdownCode.FenceTracker()
        var output: [Substring] = []
        var blocks: [String] = []
        var inList = false
        var open: (fence: MarkdownCode.Fence, code: [Substring])?
        func finish() {
            guard let block = open else { return }
            blocks.append("<pre><code>" + block.code.map { HTMLAllowList.escaped(String($0)) + "\n" }.joined() + "</code></pre>")
            open = nil
        }
        for line in lines {
            let bytes = Array(line.utf8)[...]
            let read = fences.read(bytes)
            if let block = open {
                switch read {
                case .inside:
                    open?.code.append(Self.dedented(line, by: block.fence.column))
                    continue
                case .closing:
                    finish()
                    continue
                case .text, .opening:
                    // Its item ended: a blank line, so that Ink does not take this line into the item.
                    finish()
                    output.append("")
                }
            }
            switch read {
            case .opening(let fence) where !fence.isQuoted && (fence.isInListMarker || (fence.column > 0 && inList)):
                let prefix = Substring(decoding: bytes.prefix(fence.column), as: UTF8.self)
                output.append(Substring(prefix + placeholder(blocks.count)))
                open = (fence, [])
                continue
            case .text:
                let indentation = bytes.prefix { $0 == 0x20 || $0 == 0x09 }.count
                if MarkdownCode.isListItem(bytes) {
                    inList = true
                } else if indentation == 0, bytes.contains(where: { $0 != 0x0d }) {
                    inList = false
                }
            case .opening, .inside, .closing:
                break
            }
            output.append(line)
        }
        finish()
        return (output.joined(separator: "\n"), blocks)
    }

    /// A code line with up to `column` characters of its indentation (spaces or tabs, as the
    /// fence's own were counted) taken away, its `\r` too.
    private static func dedented(_ line: Substring, by column: Int) -> Substring {
        var text = line.last == "\r" ? line.dropLast() : line
        var taken = 0
        while taken < column, text.first == " " || text.first == "\t" {
            text = text.dropFirst()
            taken += 1
        }
        return text
    }
}
