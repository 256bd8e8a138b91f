import QuillModels
import Testing

/// Lower case as tags keep it: Unicode's in context, where a capital sigma ending a word is ς.
@Suite struct CaseFoldingTests {
    @Test(arguments: [
        ("ΣΗΜΕΙΏΣΕΙΣ", "σημειώσεις"),
        ("ΟΔΥΣΣΕΥΣ", "οδυσσευς"),
        ("Σ", "σ"), // no letter before it: not the end of a word
        ("ΣΑ", "σα"),
        ("ΑΣ-X", "ας-x"),
        ("ΑΣ'Α", "ασ'α"), // an apostrophe is case-ignorable: the word goes on
        ("ΑΣ\u{301}", "ας\u{301}"), // so is a combining accent
        ("İΣ", "i\u{307}ς"), // a mapping that changes the length before it
        ("Work", "work"),
        ("σημειώσεισ", "σημειώσεισ"), // lower case as it is: only a capital is mapped in context
    ])
    func lowersCaseInContext(_ text: String, _ expected: String) {
        #expect(CaseFolding.lowercased(text) == expected)
        #expect(CaseFolding.folded(CaseFolding.lowercased(text)) == CaseFolding.folded(text))
    }

    /// `quill add -t ΣΗΜΕΙΏΣΕΙΣ` and `-t σημειώσεις` name one tag.
    @Test func aGreekTagInCapitalsIsTheTagInLowerCase() throws {
        #expect(try Tag("ΣΗΜΕΙΏΣΕΙΣ") == Tag("σημειώσεις"))
        #expect(try Tag("ΣΗΜΕΙΏΣΕΙΣ").rawValue == "σημειώσεις")
        #expect(try Tag(" ΡΥΘΜΊΣΕΙΣ ").rawValue == "ρυθμίσεις")
    }
}
