@testable import ImportFormatsFeature
import PropertyBased
import Testing

/// Roam's, Dendron's, TiddlyWiki's and Logseq's Org text rewritten from any text: half of it their syntax, cut short anywhere
/// (a bracket never closed, a `((` without an ID), the rest from all of Unicode. Nothing it does
/// not rewrite is lost, and text without their syntax comes back as it was.
@Suite struct OutlineSyntaxPropertyTests {
    static let syntax = Array("[[]]((()))#{{}}|^^__**@.:,!`\n -".unicodeScalars)

    static let anyText = Generator<String, Shrink.None<String>> { rng in
        var text = ""
        for _ in 0..<Int.random(in: 0...60, using: &rng) {
            let scalar = Bool.random(using: &rng) ? syntax.randomElement(using: &rng)!
                : Unicode.Scalar(UInt32.random(in: 0x21...0x10FFFF, using: &rng)) ?? "x"
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    /// The scalars of `text` that no rewriting makes or removes (none of ASCII's punctuation).
    static func kept(_ text: String) -> Set<Unicode.Scalar> {
        Set(text.unicodeScalars.filter { !($0.isASCII && (Character($0).isPunctuation || "^`|+<=>$~".unicodeScalars.contains($0))) })
    }

    @Test("a Roam block's text keeps every letter, and text without Roam's syntax is unchanged")
    func roam() async {
        let graph = RoamText.Graph(pages: [RoamReader.Page(title: "Page", uid: "page00001", children: [
            RoamReader.Block(string: "a block", uid: "block0001", children: nil, heading: nil, editTime: nil),
        ], createTime: nil, editTime: nil, logID: nil)])
        await propertyCheck(count: 2000, input: Self.anyText) { text in
            let written = RoamText.Text(text, graph: graph).markdown
            #expect(Self.kept(text).isSubset(of: Self.kept(written)), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if !text.contains(where: { "[(#{_^".contains($0) }) { #expect(written == text) }
            // With the block shown as `((block0001))`, the text around it is kept too.
            let around = RoamText.Text(text + "((block0001))" + text, graph: graph).markdown
            #expect(Self.kept(text).isSubset(of: Self.kept(around)))
        }
    }

    @Test("a tiddler's WikiText keeps every letter, and text without WikiText's syntax is unchanged")
    func wikiText() async {
        let context = WikiText.Context(target: { $0 == "Page" ? "Page" : nil }, images: ["pic.png": "attachments/x/pic.png"])
        await propertyCheck(count: 2000, input: Self.anyText) { text in
            let written = WikiText(text, context: context).markdown
            #expect(Self.kept(text).isSubset(of: Self.kept(written)), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if !text.contains(where: { "[{'/_~!*#;:>|<\"`-h$".contains($0) }) { #expect(written == text) }
        }
    }

    @Test("a Logseq Org page keeps every letter, and text without Org's syntax is unchanged")
    func logseqOrg() async {
        await propertyCheck(count: 2000, input: Self.orgText) { text in
            // Org's keywords (`#+BEGIN_SRC`, `:PROPERTIES:`) and line ends are ASCII the page rewrites: every other scalar stays.
            let written = LogseqOrg.markdown(text)
            let beyondASCII = { (text: String) in Set(text.unicodeScalars.filter { !$0.isASCII }) }
            #expect(beyondASCII(text).isSubset(of: beyondASCII(written)), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if !text.contains(where: { "[*/+=~#:\r\n\t ".contains($0) }) { #expect(written == text) }
        }
    }

    /// Any text, half of it Org's syntax: headings, drawers, blocks, links and emphasis, cut short anywhere.
    static let orgText = Generator<String, Shrink.None<String>> { rng in
        let pieces = ["* ", "** ", "\n", "[[", "][", "]]", "*", "/", "+", "=", "~", "#+BEGIN_SRC x\n", "#+END_SRC\n", "#+BEGIN_QUOTE\n",
                      "#+TITLE: ", ":PROPERTIES:\n", ":id: ", ":END:\n", "  ", "https://", "../assets/", "\r\n"]
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            if Bool.random(using: &rng) {
                text += pieces.randomElement(using: &rng)!
            } else {
                text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x21...0x10FFFF, using: &rng)) ?? "x")
            }
        }
        return text
    }

    @Test("a Dendron note's text keeps every letter, and text without Dendron's syntax is unchanged")
    func dendron() async throws {
        let vault = DendronText.Vault(notes: ["tags.a": .init(sourceID: "dendron:a", title: "A")], files: [])
        await propertyCheck(count: 2000, input: Self.anyText) { text in
            let written = try DendronText.rewritten(text, vault: vault) { _ in nil }.text
            #expect(Self.kept(text).isSubset(of: Self.kept(written)), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if !text.contains(where: { "[#@".contains($0) }) { #expect(written == text) }
        }
    }

    /// Each of these read a line again for every mark on it: half a megabyte of any of them took
    /// hours (a hostile export, or a block of pasted text, stalls the import).
    @Test("half a megabyte of unclosed or repeated syntax is read in one pass", .timeLimit(.minutes(1)), arguments: [
        "[[", "[", "[x](", "__a", "^^a", "{{", "((a", "[[a]] #b ", "#a [[b]] ", "@a ", "<<", "[ext[", "[img[", "``",
        " *a", " /a", " =a", "[[a][", "* *a ",
    ])
    func hostileLines(piece: String) throws {
        let text = String(repeating: piece, count: 512 * 1024 / piece.utf8.count)
        let graph = RoamText.Graph(pages: [])
        #expect(RoamText.Text(text, graph: graph).markdown.utf8.count >= text.utf8.count / 2)
        let vault = DendronText.Vault(notes: ["tags.b": .init(sourceID: "dendron:b", title: "B")], files: [])
        #expect(try DendronText.rewritten(text, vault: vault) { _ in nil }.text.utf8.count >= text.utf8.count)
        let context = WikiText.Context(target: { _ in nil }, images: [:])
        #expect(WikiText(text, context: context).markdown.utf8.count >= text.utf8.count / 2)
        #expect(LogseqOrg.markdown(text).utf8.count >= text.utf8.count / 2)
    }
}
