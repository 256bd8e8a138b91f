@testable import ArchiveFeature
import Testing

/// File names of `export --format dir`: safe on every common system, unique regardless of case.
@Suite("Folder export file names")
struct FolderLayoutTests {
    @Test("titles become safe file names", arguments: [
        ("Groceries", "Groceries"), ("a/b\\c", "a-b-c"), ("What? <now>: \"x\" | y*", "What- -now-- -x- - y-"),
        ("..hidden", "hidden"), ("trailing. ", "trailing"), ("...", "note"),
    ])
    func stems(title: String, stem: String) {
        #expect(FolderLayout.stem(title) == stem)
    }

    @Test("a long title is cut to 200 UTF-8 bytes, whole characters only")
    func longTitles() {
        let stem = FolderLayout.stem(String(repeating: "𝄞", count: 80))
        #expect(stem.utf8.count == FolderLayout.maximumStemBytes)
        #expect(stem.allSatisfy { $0 == "𝄞" })
    }

    @Test("a name already used, in any case, gets a number")
    func uniqueNames() {
        var names = FolderLayout.Names()
        names.reserve("Notes.md")
        #expect(names.claim(for: "notes") == "notes 2.md")
        #expect(names.claim(for: "Ideas") == "Ideas.md")
        #expect(names.claim(for: "IDEAS") == "IDEAS 2.md")
        #expect(names.claim(for: "ideas") == "ideas 3.md")
    }
}
