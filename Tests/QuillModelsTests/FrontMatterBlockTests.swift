import QuillModels
import Testing

/// The one line-level reader of a note's front matter: the block found, its top-level keys, and
/// their values, scalars and block scalars, with Windows line ends too.
@Suite struct FrontMatterBlockTests {
    @Test("top-level keys are found; indented lines, list items and other lines are not keys")
    func keys() throws {
        let block = try #require(FrontMatterBlock("---\ntitle: 'It''s'\r\n  nested: no\n- item: no\ntags:\n  - a\nnot a key\nwith-dash_1:\t x \n---\nbody"))
        let keys = (block.firstLine..<block.closingLine).map { block.key(at: $0).map { "\($0.name)=\($0.value)" } }
        #expect(keys == ["title='It''s'", nil, nil, "tags=", nil, nil, "with-dash_1=x"])
        #expect(block.text(ofKeyAt: 1) == "It's" && block.text(ofKeyAt: 4) == nil && block.text(ofKeyAt: 2) == nil)
        #expect(block.rest == "body")
    }

    @Test("a block scalar's text is its indented lines, kept as lines by | and joined by >")
    func blockScalars() throws {
        let block = try #require(FrontMatterBlock("---\nliteral: |\n  first\r\n  second\nfolded: >-\n  one\n  more\n\n  two\nnext: x\n---\n"))
        #expect(block.text(ofKeyAt: 1) == "first\nsecond")
        #expect(block.text(ofKeyAt: 4) == "one more\ntwo")
        #expect(block.text(ofKeyAt: 9) == "x")
    }

    @Test("no block without an opening and a closing line")
    func noBlock() {
        #expect(FrontMatterBlock("title: x\n---\n") == nil && FrontMatterBlock("---\ntitle: x\n") == nil)
        #expect(FrontMatterBlock("---\r\ntitle: x\r\n--- \r\nrest")?.rest == "rest")
    }
}
