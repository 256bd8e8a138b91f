import QuillModels
import Testing

/// What is code to every scanner (links, attachments, tags, the web reader): fences at the top,
/// in list items as outliners write them, and in quotations, each ending where its container does.
@Suite struct MarkdownCodeTests {
    /// The text's lines that are code, from 1.
    private func codeLines(_ text: String) -> [Int] {
        var fences = MarkdownCode.FenceTracker()
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { fences.isCode(Array($0.element.utf8)[...]) }.map { $0.offset + 1 }
    }

    @Test("a fence in a list item, under one, or in a quotation is code", arguments: [
        ("- ```clojure\n  (def x [[a]])\n  ```\n- after [[b]]", [1, 2, 3]),
        ("- item\n  ```js\n  let x = [[a]]\n  ```\n- next", [2, 3, 4]),
        ("1. one\n\n   ```\n   code\n   ```\n\n2. two", [3, 4, 5]),
        ("    - nested\n        - ```\n          deep\n          ```\n    - after", [2, 3, 4]),
        ("> ```\n> quoted [[a]]\n> ```\nafter", [1, 2, 3]),
        ("* ~~~\n  tilde\n  ~~~", [1, 2, 3]),
        ("10) ```\n    x\n    ```", [1, 2, 3]),
        ("```\ntop\n```\n- ```\n  listed\n  ```", [1, 2, 3, 4, 5, 6]),
    ])
    func fences(_ text: String, _ expected: [Int]) {
        #expect(codeLines(text) == expected, "\(text.debugDescription)")
    }

    @Test("a fence ends with its list item or its quotation, and the line after is read again", arguments: [
        ("- ```\n  code\nnot code [[a]]\n- more", [1, 2]),
        ("> ```\n> code\nplain\n```\nfenced\n```", [1, 2, 4, 5, 6]),
        ("- ```\n\n  code after a blank line\n  ```", [1, 2, 3, 4]),
        ("  ```\ncode at the margin of an indented fence\n```", [1, 2, 3]),
    ])
    func containers(_ text: String, _ expected: [Int]) {
        #expect(codeLines(text) == expected, "\(text.debugDescription)")
    }

    @Test("not fences: two marks, marks with a backtick after them, a word before them")
    func notFences() {
        #expect(codeLines("- ``x``\n- a ```b``` c\n-```\nword ```\n-- ```") == [])
    }

    @Test("a list item's first line: a marker and a space, or a marker alone (an empty item)")
    func listItems() {
        let items = ["- a", "\t* b", "+ c", "12. d", "3) e", "-", "  -\r", "1."].map { MarkdownCode.isListItem(Array($0.utf8)[...]) }
        let others = ["-a", "--- ", "1234567890. f", "a. b", "", "   "].map { MarkdownCode.isListItem(Array($0.utf8)[...]) }
        #expect(items.allSatisfy { $0 } && !others.contains(true))
    }

    @Test("links in a list item's code are not links; those around it are")
    func linksAroundListCode() {
        let text = "- see [[before]]\n- ```md\n  [[in code]] ![x](attachments/a.png)\n  ```\n- and [[after]]"
        #expect(NoteLink.scan(text).map(\.target) == ["before", "after"])
    }
}
