import Foundation
import QuillModels
import StandardTesting
import Testing

/// The merge rule on values: seeded property tests (the seed is printed with every failure, and
/// `QUILL_MERGE_SEED` replays it) over bodies in many scripts, and the fields' rules by example.
@Suite struct ThreeWayMergeTests {
    static let date = Date(millisecondsSince1970: 1_767_603_600_000)
    static let seed = ProcessInfo.processInfo.environment["QUILL_MERGE_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
    static let cases = 500

    /// Line texts in many scripts, with the characters Quill's formats treat as syntax.
    static let words = ["plain", "同步してください", "한국어 문장", "中文笔记", "مرحبا بالعالم", "🙂👩‍👩‍👧", "\"quoted\" \\", "tab\there",
                        "caf\u{E9}", "cafe\u{301}", "- [ ] task", "# heading", ""]

    /// A line no other line of the test equals: its number makes it unique, the word makes it varied.
    static func uniqueLine(_ number: Int, _ generator: inout SplitMix64) -> String {
        "\(words.randomElement(using: &generator)!) \(number)\n"
    }

    /// One side's edit of a run of the base's lines: `start..<end` replaced by `lines`.
    struct Edit {
        let start: Int
        let end: Int
        let lines: [String]
    }

    static func applying(_ edits: [Edit], to base: [String]) -> String {
        var result = "", position = 0
        for edit in edits.sorted(by: { $0.start < $1.start }) {
            result += base[position..<edit.start].joined() + edit.lines.joined()
            position = edit.end
        }
        return result + base[position...].joined()
    }

    /// Edits of `base` shared out at random between two sides, each run followed by at least one
    /// line no side touches: never overlapping, and no insertion at the edge of another edit.
    static func separateEdits(of base: [String], _ generator: inout SplitMix64, fresh: inout Int) -> (ours: [Edit], theirs: [Edit]) {
        var ours: [Edit] = [], theirs: [Edit] = []
        var position = 0
        while position <= base.count {
            let start = position + Int.random(in: 0...2, using: &generator)
            guard start <= base.count else { break }
            let length = min(Int.random(in: 0...2, using: &generator), base.count - start)
            let inserted = (0..<Int.random(in: 0...2, using: &generator)).map { _ -> String in
                fresh += 1
                return uniqueLine(fresh, &generator)
            }
            position = start + length + 1
            guard length > 0 || !inserted.isEmpty else { continue }
            let edit = Edit(start: start, end: start + length, lines: inserted)
            if Bool.random(using: &generator) { ours.append(edit) } else { theirs.append(edit) }
        }
        return (ours, theirs)
    }

    func note(_ body: String, title: String = "Title", tags: [String] = ["a"], revision: Int = 1, deleted: Bool = false) throws -> Note {
        try Note(id: NoteID(high: 7, low: 7), title: title, body: body, tags: Tag.normalize(tags), created: Self.date,
                 updated: Self.date.addingTimeInterval(Double(revision)), revision: revision, isDeleted: deleted)
    }

    @Test func editsOfSeparateLinesMergeIntoBothWhicheverSideIsOurs() {
        var generator = SplitMix64(seed: Self.seed)
        for index in 0..<Self.cases {
            var fresh = 1_000
            let base = (0..<Int.random(in: 0...12, using: &generator)).map { Self.uniqueLine($0, &generator) }
            let (ours, theirs) = Self.separateEdits(of: base, &generator, fresh: &fresh)
            let ancestor = base.joined()
            let mine = Self.applying(ours, to: base), other = Self.applying(theirs, to: base)
            let expected = Self.applying(ours + theirs, to: base)
            let merged = ThreeWayMerge.body(ancestor: ancestor, ours: mine, theirs: other)
            #expect(merged == expected, "seed \(Self.seed), case \(index): base \(base.debugDescription), ours \(mine.debugDescription), theirs \(other.debugDescription)")
            #expect(ThreeWayMerge.body(ancestor: ancestor, ours: other, theirs: mine) == merged, "seed \(Self.seed), case \(index): not symmetric")
            // No line of either side is lost.
            let kept = Set(LineDiff.lines(merged ?? "").map(String.init))
            for line in LineDiff.lines(mine) + LineDiff.lines(other) where !base.contains(String(line)) {
                #expect(kept.contains(String(line)), "seed \(Self.seed), case \(index): lost \(line.debugDescription)")
            }
        }
    }

    @Test func editsOfTheSameLineNeverMerge() {
        var generator = SplitMix64(seed: Self.seed)
        for index in 0..<Self.cases {
            let base = (0..<Int.random(in: 1...10, using: &generator)).map { Self.uniqueLine($0, &generator) }
            let line = Int.random(in: 0..<base.count, using: &generator)
            var mine = base, other = base
            mine[line] = "ours \(index)\n"
            other[line] = Bool.random(using: &generator) ? "theirs \(index)\n" : ""
            // Other edits elsewhere do not change that.
            if base.count > 2, line != 0, Bool.random(using: &generator) { other[0] = "elsewhere\n" }
            #expect(ThreeWayMerge.body(ancestor: base.joined(), ours: mine.joined(), theirs: other.joined()) == nil,
                    "seed \(Self.seed), case \(index): \(mine.joined().debugDescription) and \(other.joined().debugDescription)")
        }
    }

    /// On arbitrary texts (repeated lines, lines without an end): merging is deterministic and
    /// symmetric, and an unchanged side, or two alike, yield the other. (That no line is lost is
    /// shown on texts whose lines differ, above: where lines repeat, which of them an edit touched
    /// is a matter of alignment.)
    @Test func anyThreeTextsMergeSymmetricallyOrNotAtAll() {
        var generator = SplitMix64(seed: Self.seed)
        let pieces = ["a\n", "b\n", "a\n", "同\n", "🙂", "\n", "مرحبا\n", "x"]
        func text(_ generator: inout SplitMix64) -> String {
            (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        for index in 0..<Self.cases {
            let ancestor = text(&generator), mine = text(&generator), other = text(&generator)
            let merged = ThreeWayMerge.body(ancestor: ancestor, ours: mine, theirs: other)
            let context = "seed \(Self.seed), case \(index): \([ancestor, mine, other].debugDescription)"
            #expect(ThreeWayMerge.body(ancestor: ancestor, ours: other, theirs: mine) == merged, "\(context): not symmetric")
            #expect(ThreeWayMerge.body(ancestor: ancestor, ours: mine, theirs: other) == merged, "\(context): not deterministic")
            #expect(ThreeWayMerge.body(ancestor: ancestor, ours: ancestor, theirs: other) == other, "\(context)")
            #expect(ThreeWayMerge.body(ancestor: ancestor, ours: mine, theirs: ancestor) == mine, "\(context)")
            #expect(ThreeWayMerge.body(ancestor: ancestor, ours: mine, theirs: mine) == mine, "\(context)")
        }
    }

    @Test func twoInsertionsAtOnePlaceDoNotMergeUnlessTheyAreTheSame() {
        let ancestor = "one\ntwo\n"
        #expect(ThreeWayMerge.body(ancestor: ancestor, ours: "one\nmine\ntwo\n", theirs: "one\ntheirs\ntwo\n") == nil)
        #expect(ThreeWayMerge.body(ancestor: ancestor, ours: "one\nsame\ntwo\n", theirs: "one\nsame\ntwo\n") == "one\nsame\ntwo\n")
        // Neighbouring lines, each changed by one side: both kept.
        #expect(ThreeWayMerge.body(ancestor: "1\n2\n3\n", ours: "one\n2\n3\n", theirs: "1\ntwo\n3\n") == "one\ntwo\n3\n")
        // An insertion at the edge of the other side's change: which comes first is a guess.
        #expect(ThreeWayMerge.body(ancestor: "1\n2\n3\n", ours: "1\nnew\n2\n3\n", theirs: "1\ntwo\n3\n") == nil)
    }

    @Test func titleAndTagsMergeWhenOneSideKeptThem() throws {
        let ancestor = try note("a\nb\nc\n", title: "Plan", tags: ["x"])
        let ours = try note("A\nb\nc\n", title: "Plan for 2027", tags: ["x"], revision: 2)
        let theirs = try note("a\nb\nC\n", title: "Plan", tags: ["x", "y"], revision: 3)
        let merged = try #require(ThreeWayMerge.merge(ancestor: ancestor, ours: ours, theirs: theirs))
        #expect(try merged.title == "Plan for 2027" && merged.tags == Tag.normalize(["x", "y"]) && merged.body == "A\nb\nC\n")
        #expect(merged.revision == theirs.revision && merged.updated == theirs.updated && merged.id == theirs.id)
        #expect(ThreeWayMerge.merge(ancestor: ancestor, ours: theirs, theirs: ours)?.body == merged.body)
    }

    @Test func disagreeingTitlesTagsOrADeletionDoNotMerge() throws {
        let ancestor = try note("a\nb\nc\n", title: "Plan")
        #expect(ThreeWayMerge.merge(ancestor: ancestor, ours: try note("A\nb\nc\n", title: "Mine"),
                                    theirs: try note("a\nb\nC\n", title: "Theirs")) == nil)
        #expect(ThreeWayMerge.merge(ancestor: ancestor, ours: try note("A\nb\nc\n", title: "Plan", tags: ["m"]),
                                    theirs: try note("a\nb\nC\n", title: "Plan", tags: ["t"])) == nil)
        #expect(ThreeWayMerge.merge(ancestor: ancestor, ours: try note("A\nb\nc\n", title: "Plan"),
                                    theirs: try note("a\nb\nc\n", title: "Plan", deleted: true)) == nil)
    }
}
