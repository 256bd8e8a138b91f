import ArchiveFeature
import Foundation
@testable import ImportFormatsFeature
import QuillModels
import ScratchDirectories
import StandardTesting
import Testing

/// A TiddlyWiki: a piece of tiddlywiki.com's own wiki folder (Tests/Fixtures/OtherApps/tiddlywiki-folder),
/// and single-file wikis and a JSON export written here in TiddlyWiki's forms.
@Suite(.scratchDirectory) struct TiddlyWikiImportTests {
    static let folder = ForeignImport.fixtures.appending(path: "tiddlywiki-folder").path

    @Test("a wiki's folder: each tiddler a note, its WikiText as Markdown, an image tiddler an attachment, TiddlyWiki's own passed over")
    func wikiFolder() async throws {
        let (report, notes) = try await ForeignImport.runFolder(Self.folder)
        #expect(report.foreignFormat == "a TiddlyWiki" && report.addedCount == 4 && report.attachmentCount == 1)
        #expect(Set(notes.keys) == ["Forums", "Developers", "Images in WikiText", "Motovun Jack.jpg"])
        #expect(report.notices.contains { $0.entry == "tiddlers" && $0.message.hasPrefix("1 tiddler of TiddlyWiki's own") })

        let forums = try #require(notes["Forums"])
        #expect(forums.body.hasPrefix("# User forums\n\n## Talk TiddlyWiki\n\nAs the official TiddlyWiki forum,"))
        #expect(forums.body.contains("[announcements](https://talk.tiddlywiki.org/c/announcements/20) of new releases"))
        #expect(forums.body.contains("# Developer forums\n\n![[Developers]]\n") && forums.body.contains("- TiddlyWiki Subreddit: [/r/TiddlyWiki5](https://www.reddit.com/r/TiddlyWiki5/)"))
        #expect(forums.tags.map(\.rawValue) == ["community"] && forums.created == TiddlyWikiReader.date("20140721121924384"))
        #expect(forums.updated == Date(timeIntervalSince1970: 1_727_264_268.341))

        // A title list's `[[two words]]` is one tag; code is left as written; other fields are front matter.
        let images = try #require(notes["Images in WikiText"])
        #expect(images.tags.map(\.rawValue) == ["wikitext", "working-with-tiddlywiki"])
        #expect(images.body.hasPrefix("---\ncaption: Images\n---\n# Image Formatting\n") && images.body.contains("```\n[img[Motovun Jack.jpg]]\n"))
        let picture = try #require(notes["Motovun Jack.jpg"])
        #expect(AttachmentReference.scan(picture.body).map(\.name) == ["Motovun Jack.jpg"] && picture.tags.map(\.rawValue) == ["picture"])

        let again = try await ForeignImport.importedAgain(Self.folder, folder: true)
        #expect(again.addedCount == 0 && again.unchangedCount == 4)
    }

    /// The tiddlers of the single-file wikis and the JSON export below.
    static let tiddlers: [[String: String]] = [
        ["title": "Start", "created": "20240131120000000", "modified": "20240201080000000", "tags": "[[Home Page]] start",
         "text": "!! Plans\n\n* ''one'' and //two//, __three__\n** nested [[the plan|Plans/2024]] and [[Case]]\n# first\n\n|!Name|!Value|\n|a|b|\n\n[img[A tooltip|pic.png]] <<macro \"[[not a link]]\">>\n\n<<<\nQuoted\n<<< Someone"],
        ["title": "Plans/2024", "text": "The plan.", "type": "text/vnd.tiddlywiki", "color": "#ff0000"],
        ["title": "Case", "text": "Upper."], ["title": "case", "text": "Lower."],
        ["title": "Notes in Markdown", "type": "text/x-markdown", "text": "# Already Markdown\n\n''kept''"],
        ["title": "Style", "type": "text/css", "text": "body { color: red; }"],
        ["title": "pic.png", "type": "image/png", "text": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="],
        ["title": "$:/SiteTitle", "text": "My wiki"],
        ["title": "Draft of 'Start'", "draft.of": "Start", "text": "unsaved"],
    ]

    static func checkWiki(_ report: ImportReport, _ notes: [String: Note]) throws {
        #expect(report.foreignFormat == "a TiddlyWiki" && report.addedCount == 7 && report.attachmentCount == 1)
        let start = try #require(notes["Start"])
        let plans = ImportedNoteID.of("tiddlywiki:Plans/2024").rawValue, upper = ImportedNoteID.of("tiddlywiki:Case").rawValue
        let pictureNote = try #require(notes["pic.png"])
        let picture = try #require(AttachmentReference.scan(pictureNote.body).first)
        #expect(start.body == """
            ## Plans

            - **one** and *two*, *three*
                - nested [[\(plans)|the plan]] and [[\(upper)|Case]]
            1. first

            | Name | Value |
            | --- | --- |
            | a | b |

            ![A tooltip](\(AttachmentReference.path(hash: picture.hash, name: "pic.png"))) <<macro "[[not a link]]">>

            > Quoted
            > — Someone
            """)
        #expect(start.tags.map(\.rawValue) == ["home-page", "start"] && start.created == TiddlyWikiReader.date("20240131120000000"))
        #expect(try #require(notes["Plans/2024"]).body == "---\ncolor: '#ff0000'\n---\nThe plan.")
        #expect(try #require(notes["Notes in Markdown"]).body == "# Already Markdown\n\n''kept''")
        #expect(try #require(notes["Style"]).body == "---\ntype: text/css\n---\n```css\nbody { color: red; }\n```\n")
        #expect(notes["$:/SiteTitle"] == nil && notes["Draft of 'Start'"] == nil)
        #expect(report.notices.contains { $0.message.hasPrefix("2 tiddlers of TiddlyWiki's own") })
    }

    @Test("a single-file wiki (5.2 and later: JSON in the page, with '<' escaped) and its JSON export read the same")
    func singleFileAndJSON() async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: Self.tiddlers), as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003C")
        let page = "<!doctype html>\n<html><head><meta name=\"application-name\" content=\"TiddlyWiki\" /></head><body>\n"
            + "<script class=\"tiddlywiki-tiddler-store\" type=\"application/json\">" + json + "</script>\n</body></html>"
        let (report, notes) = try await ForeignImport.run("wiki.html", bytes: Array(page.utf8))
        try Self.checkWiki(report, notes)
        let (exported, fromJSON) = try await ForeignImport.run("tiddlers.json", bytes: Array(json.utf8))
        try Self.checkWiki(exported, fromJSON)
        #expect(fromJSON.mapValues(\.body) == notes.mapValues(\.body))
    }

    @Test("a wiki older than 5.2 (and TiddlyWiki Classic) keeps its tiddlers as elements, escaped")
    func olderWiki() async throws {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        let elements = Self.tiddlers.map { tiddler in
            "<div " + tiddler.filter { $0.key != "text" }.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(escaped($0.value))\"" }.joined(separator: " ")
                + ">\n<pre>" + escaped(tiddler["text"] ?? "") + "</pre>\n</div>"
        }
        let page = "<!doctype html><html><head><title>TiddlyWiki</title></head><body>\n<div id=\"storeArea\" style=\"display:none;\">"
            + elements.joined(separator: "\n") + "</div>\n<script>var x = '<div title=\"no tiddler\">';</script></body></html>"
        let (report, notes) = try await ForeignImport.run("old.html", bytes: Array(page.utf8))
        try Self.checkWiki(report, notes)
    }

    @Test("a folder of tiddlers without tiddlywiki.info is a wiki; a vault holding a stray .tid is a vault")
    func strayTid() async throws {
        let folder = try Scratch.directory("tiddlers")
        try Data("title: One\n\n''Bold''".utf8).write(to: URL(filePath: folder + "/One.tid"))
        let (wiki, tiddlers) = try await ForeignImport.runFolder(folder)
        #expect(wiki.foreignFormat == "a TiddlyWiki" && tiddlers["One"]?.body == "**Bold**")
        try Data("# A note\n".utf8).write(to: URL(filePath: folder + "/A note.md"))
        let (vault, notes) = try await ForeignImport.runFolder(folder)
        #expect(vault.foreignFormat == nil && notes["A note"] != nil && notes["One"] == nil)
    }

    @Test("an HTML page that is no wiki is refused", arguments: ["<!doctype html><p>TiddlyWiki is great</p>", "<html><body>x</body></html>"])
    func notAWiki(page: String) async {
        await #expect(throws: ArchiveError.self) { try await ForeignImport.run("page.html", bytes: Array(page.utf8)) }
    }

    /// The first three were lost (found by `OutlineSyntaxPropertyTests`): a line `|x` read as a table row of a kind `x`,
    /// text after an opening `<<<`, and a Greek question mark (U+037E, canonically `;`) read as a term's mark.
    @Test("WikiText's lines", arguments: [
        ("|𣖛 not a table", "|𣖛 not a table"), ("<<< said\n<<<", "> said"), ("\u{037E}x", "\u{037E}x"), ("\u{1FEF}x\u{1FEF}", "\u{1FEF}x\u{1FEF}"),
        ("<<<.tc-big-quote\nsaid\n<<<", "> said"),
        ("* a\n** b\n#* c", "- a\n    - b\n    - c"), ("; term\n: meaning", "**term**\n    meaning"), ("---", "***"),
        ("\"\"\"\none\ntwo\n\"\"\"", "one  \ntwo  "), ("$$$text/css\na { }\n$$$", "```css\na { }\n```"),
        ("[[a|https://x.org]] [ext[b|https://y.org]] ~CamelCase //it// https://z.org/a//b__c", "[a](https://x.org) [b](https://y.org) CamelCase *it* https://z.org/a//b__c"),
    ])
    func wikiTextLines(text: String, expected: String) {
        #expect(WikiText(text, context: WikiText.Context(target: { _ in nil }, images: [:])).markdown == expected)
    }

    @Test("a CamelCase word is a link where the wiki holds its tiddler, as TiddlyWiki reads one; ~CamelCase is none")
    func camelCaseLinks() {
        let context = WikiText.Context(target: { ["HelloThere", "TiddlyWiki"].contains($0) ? $0 : nil }, images: [:])
        #expect(WikiText("See HelloThere, ~TiddlyWiki, TiddlyWiki5 and NotHere. xHelloThere `HelloThere`", context: context).markdown
                == "See [[HelloThere]], TiddlyWiki, TiddlyWiki5 and NotHere. xHelloThere `HelloThere`")
    }

    @Test("TiddlyWiki's dates and title lists")
    func datesAndTitles() {
        #expect(TiddlyWikiReader.date("20240131235959999") == Date(timeIntervalSince1970: 1_706_745_599.999))
        #expect(TiddlyWikiReader.date("20240131") == Date(timeIntervalSince1970: 1_706_659_200))
        #expect(TiddlyWikiReader.date("2024-01-31") == nil && TiddlyWikiReader.date("20241331000000000") == nil)
        #expect(TiddlyWikiReader.date("20230229120000000") == nil, "no 29th of February in 2023")
        #expect(TiddlyWikiReader.titles(in: "one [[two words]]  three [[]]") == ["one", "two words", "three"])
    }
}
