import QuillModels
import Testing

/// Ranges of a text's UTF-8 bytes replaced: in any script, at its ends, with nothing, and many.
@Suite struct UTF8ReplacementsTests {
    @Test("each range replaced, the text between kept, whatever its script")
    func replaced() {
        let text = "see [[a]] 和 [[日本]] ✓"
        let utf8 = Array(text.utf8)
        let first = utf8.firstIndex(of: UInt8(ascii: "["))!
        let second = utf8.lastIndex(of: UInt8(ascii: "["))! - 1
        let replaced = UTF8Replacements.applying([(first..<(first + 5), "[[Ä|a]]"), (second..<(second + 10), "")], to: text)
        #expect(replaced == "see [[Ä|a]] 和  ✓")
        #expect(UTF8Replacements.applying([], to: text) == text)
        #expect(UTF8Replacements.applying([(0..<3, "SEE"), (utf8.count - 3..<utf8.count, "!")], to: text) == "SEE [[a]] 和 [[日本]] !")
    }

    @Test("a hundred thousand replacements in a megabyte, each where it was")
    func many() {
        let text = String(repeating: "[[x]] ", count: 175_000)
        let replacements = (0..<100_000).map { index in ((index * 6)..<(index * 6 + 5), "[[y]]") }
        let replaced = UTF8Replacements.applying(replacements, to: text)
        #expect(replaced == String(repeating: "[[y]] ", count: 100_000) + String(repeating: "[[x]] ", count: 75_000))
    }
}
