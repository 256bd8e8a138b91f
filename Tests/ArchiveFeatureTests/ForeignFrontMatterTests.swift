@testable import ArchiveFeature
import Foundation
@testable import ImportFormatsFeature
import QuillModels
import Testing

/// Front matter written by other apps: which keys become fields, in which of the forms those
/// apps write them, and that everything else stays in the text.
@Suite("Front matter from other apps")
struct ForeignFrontMatterTests {
    private static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }

    @Test("tags as an inline list, a block list or a comma-separated string, with '#' dropped",
          arguments: ["tags: [a, \"#B\"]", "tags:\n  - a\n  - '#b'", "tags: a, b", "tags: \"#a, #b\""])
    func tagForms(yaml: String) throws {
        let read = try #require(ForeignFrontMatter.read("---\n\(yaml)\n---\nbody"))
        #expect(read.tags.map(\.rawValue) == ["a", "b"])
        #expect(read.body == "body")
        #expect(read.notices.isEmpty)
    }

    /// A vault made from a template (the Obsidian Hub's 6,000 notes) leaves `tags:` with an item
    /// blank: that is no tag, and nothing to report or keep.
    @Test("an empty or null item of a tag list is no tag", arguments: [
        ("tags:\n- ", [String]()), ("tags:\n  -\n  - a", ["a"]), ("tags: [a, ~]", ["a"]), ("tags:\n- null\n- b\n- ''", ["b"]),
        ("tags: ' '", []),
    ])
    func emptyTagItems(yaml: String, expected: [String]) throws {
        let read = try #require(ForeignFrontMatter.read("---\naliases:\n- \n\(yaml)\n---\n# Heading\n"))
        #expect(read.tags.map(\.rawValue) == expected)
        #expect(read.notices.isEmpty)
        #expect(!read.body.contains("tags"), "the tags were taken: \(read.body)")
    }

    @Test("dates in the forms other apps write", arguments: [
        ("2023-01-05", "2023-01-05T00:00:00Z"),
        ("2023-01-05T14:22", "2023-01-05T14:22:00Z"),
        ("2023-01-05T14:22:10", "2023-01-05T14:22:10Z"),
        ("2023-01-05T14:22:10Z", "2023-01-05T14:22:10Z"),
        ("2023-01-05T14:22:10+01:00", "2023-01-05T13:22:10Z"),
        ("2023-01-05T14:22:10-0530", "2023-01-05T19:52:10Z"),
        ("2023-01-05 14:22:10", "2023-01-05T14:22:10Z"),
        ("2023-01-05 14:22:10Z", "2023-01-05T14:22:10Z"),
        ("2023-01-05 14:22:10 +0100", "2023-01-05T13:22:10Z"),
    ])
    func dates(text: String, expected: String) throws {
        #expect(ForeignDate.parse(text) == Self.date(expected))
    }

    @Test("fractional seconds are kept to the millisecond")
    func fractionalSeconds() {
        #expect(ForeignDate.parse("2023-01-05T14:22:10.250Z") == Self.date("2023-01-05T14:22:10Z")?.addingTimeInterval(0.25))
    }

    @Test("what is not a date is refused", arguments: ["yesterday", "2023-02-30", "2023-13-01", "2023-01-05T25:00", "05/01/2023", ""])
    func notDates(text: String) {
        #expect(ForeignDate.parse(text) == nil)
    }

    @Test("title and dates become fields; unknown keys stay as a front-matter block at the top of the body")
    func fieldsAndKeptKeys() throws {
        let text = "---\ntitle: Trip\naliases: [Journey]\ncreated: 2023-01-05\ndate: 2024-01-01\nlastmod: 2023-02-01T08:00:00Z\n---\n# Heading\n"
        let read = try #require(ForeignFrontMatter.read(text))
        #expect(read.title == "Trip")
        #expect(read.created == Self.date("2023-01-05T00:00:00Z"))
        #expect(read.updated == Self.date("2023-02-01T08:00:00Z"))
        #expect(read.body == "---\naliases:\n- Journey\ndate: 2024-01-01\n---\n# Heading\n")
        #expect(read.notices.isEmpty)
    }

    /// Dendron writes a long title as a block scalar, whose text ends with a line break.
    @Test("a title written as a block scalar is its line", arguments: ["title: |\n    A long title\n", "title: >-\n  A long\n  title\n"])
    func blockScalarTitle(yaml: String) throws {
        let read = try #require(ForeignFrontMatter.read("---\n\(yaml)desc: ''\n---\nbody"))
        #expect(read.title == "A long title")
        #expect(read.notices.isEmpty)
        #expect(read.body == "---\ndesc: ''\n---\nbody")
    }

    @Test("values Quill refuses stay in the text, and each is reported")
    func refusedValues() throws {
        let text = "---\ntitle: \"\"\ntags: [ok, two words]\nupdated: last week\n---\nbody"
        let read = try #require(ForeignFrontMatter.read(text))
        #expect(read.title == nil)
        #expect(read.tags.map(\.rawValue) == ["ok"])
        #expect(read.updated == nil)
        #expect(read.body == "---\ntitle: \"\"\ntags:\n- two words\nupdated: last week\n---\nbody")
        #expect(read.notices.count == 3)
        #expect(read.notices.contains("tag 'two words' not valid in Quill; kept in the text"))
    }

    @Test("front matter that is not a YAML mapping stays in the text as it is", arguments: [
        "---\n[unclosed\n---\nbody", "---\n- a list\n---\nbody", "---\njust text\n---\nbody",
    ])
    func notAMapping(text: String) throws {
        let read = try #require(ForeignFrontMatter.read(text))
        #expect(read.body == text)
        #expect(read.title == nil && read.tags.isEmpty)
        #expect(read.notices.count == 1)
    }

    @Test("no front matter: a file without a closed block at its start", arguments: [
        "# Title\n---\ntitle: x\n---\n", "---\ntitle: never closed\n", "----\ntitle: x\n---\n",
    ])
    func noFrontMatter(text: String) {
        #expect(ForeignFrontMatter.read(text) == nil)
    }

    @Test("Windows line ends and a '...' closing line are understood")
    func lineEnds() throws {
        let read = try #require(ForeignFrontMatter.read("---\r\ntitle: CRLF\r\ntags: [x]\r\n...\r\nbody\r\n"))
        #expect(read.title == "CRLF")
        #expect(read.tags.map(\.rawValue) == ["x"])
        #expect(read.body == "body\r\n")
    }
}
