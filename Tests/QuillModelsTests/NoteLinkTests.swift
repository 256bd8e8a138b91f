import Foundation
import QuillModels
import Synchronization
import Testing

/// The answer of work run on a thread of its own, or nil once a deadline passes first (the work
/// is left to run): a test of something that might never end still ends.
private final class FirstAnswer<Answer: Sendable>: Sendable {
    private let waiting: Mutex<CheckedContinuation<Answer?, Never>?>

    private init(_ continuation: CheckedContinuation<Answer?, Never>) { waiting = Mutex(continuation) }

    private func give(_ answer: Answer?) { waiting.withLock { $0.take() }?.resume(returning: answer) }

    static func within(seconds: Double, _ work: @escaping @Sendable () -> Answer) async -> Answer? {
        await withCheckedContinuation { continuation in
            let first = FirstAnswer(continuation)
            Thread { first.give(work()) }.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { first.give(nil) }
        }
    }
}

@Suite("NoteLink")
struct NoteLinkTests {
    @Test
    func everyFormIsReadWithItsParts() {
        let text = """
            Intro [[Target]] and [[Other note|shown]], [[Deep#Heading]], [[Block^abc]].
            ![[Embedded note]] ![[photo.png]] [[folder/Nested.md]]
            [md](Other%20note.md#Part) [web](https://example.com/a.md) [id](quill:0123abcd) [pic](attachments/x.md)
            | a | [[Table\\|cell]] |
            """
        let links = NoteLink.scan(text)
        #expect(links.map(\.target) == ["Target", "Other note", "Deep", "Block", "Embedded note", "Nested", "Other note", "0123abcd", "Table"])
        #expect(links.map(\.form) == [.wikilink, .wikilink, .wikilink, .wikilink, .embed, .wikilink, .markdown, .quillURL, .wikilink])
        #expect(links.map(\.fragment) == [nil, nil, "#Heading", "^abc", nil, nil, "#Part", nil, nil])
        #expect(links.map(\.label) == [nil, "shown", nil, nil, nil, nil, "md", "id", "cell"])
        #expect(links.map(\.line) == [1, 1, 1, 1, 2, 2, 3, 3, 4])
        #expect(links[0].context == "Intro [[Target]] and [[Other note|shown]], [[Deep#Heading]], [[Block^abc]].")
    }

    @Test
    func anEmptyShownTextIsNoneAndAnEmptyTargetIsNoLink() {
        let links = NoteLink.scan("[[A|]] [](B.md) [[#Heading only]] [[ ]] [x](quill:not-an-id)")
        #expect(links.map(\.target) == ["A", "B"])
        #expect(links.map(\.label) == [nil, nil])
    }

    @Test
    func codeHoldsNoLinks() {
        let text = "`[[inline]]`\n```\n[[fenced]]\n```\n~~~\n[x](a.md)\n~~~\n[[real]]"
        #expect(NoteLink.scan(text).map(\.target) == ["real"])
        #expect(NoteLink.scan(text).first?.line == 8)
    }

    @Test
    func targetsFoldCaseAndNormalization() {
        #expect(LinkName.folded("  CAFÉ ") == LinkName.folded("cafe\u{301}"))
        #expect(LinkName.folded("Straße") != LinkName.folded("Strasse"))
        for name in ["  Plain Title ", "MiXeD-case_42", "", " ", "a\tb", "Ünïcode Näme", "ΣΊΣΥΦΟΣ"] {
            #expect(LinkName.folded(name) == name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.lowercased(), "\(name)")
            #expect(LinkName.folded(name) == LinkName.folded(name + "\u{3000}"), "an ideographic space is trimmed too")
        }
    }

    @Test
    func greekFinalSigmaFoldsAsSigma() {
        #expect(LinkName.folded("ΡΥΘΜΊΣΕΙΣ του συστήματος") == LinkName.folded("ρυθμίσεις του συστήματος"))
        #expect(LinkName.folded("Σίσυφος") == "σίσυφοσ")
        #expect(SearchText.fold("ΡΥΘΜΊΣΕΙΣ") == SearchText.fold("ρυθμίσεις"))
    }

    /// CJK names take a shortcut past Foundation's normalization: it must give what the
    /// normalization gives, beside the marks and letters that compose with what precedes them.
    @Test
    func cjkNamesFoldAsTheNormalizationFoldsThem() {
        let pieces = ["同步", "プラグイン", "が", "か", "\u{3099}", "ヽ", "ヾ", "동기화", "하", "\u{11A8}", "ᄀ", "\u{F900}", "Ａ", "A", "b",
                      " ", "\u{3000}", "ｶ", "ﾞ", "ー", "々", "\u{20000}", "é", "e\u{301}"]
        var generator = SystemRandomNumberGenerator()
        var seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        let start = seed
        for _ in 0..<2000 {
            let name = (0..<(1 + next() % 6)).map { _ in pieces[next() % pieces.count] }.joined()
            let expected = name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.lowercased()
            // Scalar by scalar: Swift's `==` on strings holds canonically equivalent ones equal, SQLite does not.
            #expect(Array(LinkName.folded(name).unicodeScalars) == Array(expected.unicodeScalars), "\(name.unicodeScalars.map { String($0.value, radix: 16) }) (seed \(start))")
        }
    }

    @Test
    func retargetingRewritesOnlyTheNotePart() {
        let text = "[[Old]] [[old#H|shown]] ![[Old]] [x](Old.md#y) [[Older]] [i](quill:0123abcd) `[[Old]]` | [[Old\\|c]] |"
        let (rewritten, count) = LinkRetargeting.retargeted(text, from: "old", to: "New name")
        #expect(count == 5)
        #expect(rewritten == "[[New name]] [[New name#H|shown]] ![[New name]] [x](New%20name.md#y) [[Older]] [i](quill:0123abcd) `[[Old]]` | [[New name\\|c]] |")
        #expect(!LinkRetargeting.canWrite("a|b"))
        #expect(LinkRetargeting.canWrite("Plain title"))
    }

    /// An index note with its links in one paragraph, or a paragraph of citations (`[1] [2] …`),
    /// was read once for each of its brackets: `quill links --broken` took 84 s for 5,000 links on
    /// one line. Not a speed target: at 40,000 links the old reading ran for hours (about a second
    /// now, in a debug build), and the minute only tells a reading that would not end.
    @Test
    func aLineOfManyLinksAndBracketsIsReadOnce() async throws {
        let line = (0..<40_000).map { "[[Note \($0)]] [\($0)] [x](Other.md)" }.joined(separator: " ")
        let located = try #require(await FirstAnswer.within(seconds: 60) { NoteLink.scanLocated(line + "\n[[Last]]") },
                                   "reading a line of 120,000 brackets did not end within a minute")
        #expect(located.count == 80_001)
        #expect(located.last?.link.target == "Last" && located.last?.link.line == 2)
        #expect(located[0].link.context.count == NoteLink.contextLimit && located[0].link.context.hasPrefix("[[Note 0]] [0]"))
    }
}

@Suite("NoteAliases")
struct NoteAliasesTests {
    @Test
    func aliasesAreReadInEveryCommonForm() {
        #expect(NoteAliases.read("---\naliases: [One, \"Two, three\", 'It''s']\ntags: x\n---\nbody") == ["One", "Two, three", "It's"])
        #expect(NoteAliases.read("---\ntitle: t\naliases:\n  - First\n  - \"Sec\\\"ond\"\n---\n") == ["First", "Sec\"ond"])
        #expect(NoteAliases.read("---\r\nalias: Solo\r\n---\r\nbody") == ["Solo"])
        #expect(NoteAliases.read("no front matter\naliases: [x]") == [])
        #expect(NoteAliases.read("---\naliases: [x]\nnot closed") == [])
    }

    @Test
    func addingKeepsTheRestOfTheBlock() {
        #expect(NoteAliases.adding("Old", to: "body") == "---\naliases: [\"Old\"]\n---\nbody")
        #expect(NoteAliases.adding("Old", to: "---\ntags: x\n---\nbody") == "---\naliases: [\"Old\"]\ntags: x\n---\nbody")
        #expect(NoteAliases.adding("Old", to: "---\naliases: [A, \"B\"]\n---\n") == "---\naliases: [\"A\", \"B\", \"Old\"]\n---\n")
        #expect(NoteAliases.adding("Old", to: "---\naliases:\n    - A\nx: 1\n---\n") == "---\naliases:\n    - A\n    - \"Old\"\nx: 1\n---\n")
        #expect(NoteAliases.adding("old", to: "---\naliases: [OLD]\n---\n") == "---\naliases: [OLD]\n---\n")
        // The text after the block comes back byte for byte, whatever its line breaks.
        #expect(NoteAliases.adding("Old", to: "---\ntags: x\n---") == "---\naliases: [\"Old\"]\ntags: x\n---")
        #expect(NoteAliases.adding("Old", to: "---\r\ntags: x\r\n---\r\none\r\n\r\n---\ntwo\n")
                == "---\r\naliases: [\"Old\"]\ntags: x\r\n---\r\none\r\n\r\n---\ntwo\n")
        #expect(NoteAliases.adding("Old", to: "----\nx\n---\n") == "---\naliases: [\"Old\"]\n---\n----\nx\n---\n")
        for text in ["body", "---\ntags: x\n---\nbody", "---\naliases: Solo\n---\n", "---\naliases:\n- A\n---\n"] {
            let added = NoteAliases.adding("New \"quoted\" name", to: text)
            #expect(NoteAliases.read(added).last == "New \"quoted\" name", "\(added)")
        }
    }
}

@Suite("LinkResolution")
struct LinkResolutionTests {
    private static func candidate(_ number: UInt64, _ match: LinkResolution.Match, updated: Double = 0) -> LinkResolution.Candidate {
        LinkResolution.Candidate(id: NoteID(high: 1, low: number), title: "n\(number)", updated: .init(timeIntervalSince1970: updated), match: match)
    }

    @Test
    func aTitleBeatsAnAliasWhichBeatsAnIDPrefix() {
        let resolution = LinkResolution(candidates: [Self.candidate(1, .idPrefix, updated: 9), Self.candidate(2, .alias, updated: 5),
                                                     Self.candidate(3, .title)])
        #expect(resolution.chosen?.id == NoteID(high: 1, low: 3))
        #expect(!resolution.isAmbiguous)
    }

    @Test
    func amongEqualsTheNewestWinsAndTheLinkIsAmbiguous() {
        let resolution = LinkResolution(candidates: [Self.candidate(1, .alias, updated: 1), Self.candidate(2, .alias, updated: 2),
                                                     Self.candidate(2, .title, updated: 2)])
        #expect(resolution.chosen?.id == NoteID(high: 1, low: 2))
        #expect(resolution.chosen?.match == .title)
        #expect(!resolution.isAmbiguous)
        let tie = LinkResolution(candidates: [Self.candidate(1, .title, updated: 1), Self.candidate(2, .title, updated: 2)])
        #expect(tie.chosen?.id == NoteID(high: 1, low: 2))
        #expect(tie.alternatives.map(\.id) == [NoteID(high: 1, low: 1)])
        #expect(LinkResolution(candidates: []).isBroken)
        #expect(!LinkResolution.isIDPrefix("abc"))
        #expect(LinkResolution.isIDPrefix("abcd"))
    }
}

@Suite("LinkReading")
struct LinkReadingTests {
    private static func row(_ position: Int, target: String) -> LinkReading<Int>.Row {
        let link = NoteLink(target: target, fragment: nil, label: nil, form: .wikilink, line: 1, context: "[[\(target)]]")
        return .init(position: position, source: NoteID(high: 9, low: 9), sourceTitle: "source", link: link, target: target)
    }

    @Test
    func eachTargetIsProbedOnceAndByIDPrefixOnlyWhereItMayBeOne() {
        let reading = LinkReading([Self.row(0, target: "garden"), Self.row(1, target: "0000"), Self.row(2, target: "garden"),
                                   Self.row(3, target: "abc")])
        #expect(reading.targets.map(\.folded) == ["garden", "0000", "abc"])
        #expect(reading.targets.map(\.byIDPrefix) == [false, true, false])
    }

    @Test
    func rowsAreResolvedAmongTheirTargetsCandidatesInTheirOrder() {
        let reading = LinkReading([Self.row(0, target: "garden"), Self.row(1, target: "missing"), Self.row(2, target: "garden")])
        let note = NoteID(high: 1, low: 1)
        let resolved = reading.resolved(["garden": [LinkResolution.Candidate(id: note, title: "Garden", updated: .init(timeIntervalSince1970: 0),
                                                                             match: .title)]])
        #expect(resolved.map(\.position) == [0, 1, 2])
        #expect(resolved.map { $0.link.reaches(note) } == [true, false, true])
        #expect(resolved[1].link.resolution.isBroken)
        #expect(resolved[0].link.sourceTitle == "source")
    }
}
