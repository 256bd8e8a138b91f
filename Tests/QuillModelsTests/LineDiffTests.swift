import Foundation
import QuillModels
import StandardTesting
import Testing

/// The one line diff behind history's deltas and `quill diff`, held to GNU diff and patch.
@Suite struct LineDiffTests {
    /// Texts of a few lines drawn from a small vocabulary, so that lines repeat and move, with
    /// and without a final line end, in several scripts.
    static func text(_ generator: inout SplitMix64) -> String {
        let words = ["alpha", "beta", "同步", "プラグイン", "동기화", "مرحبا", "🙂", "", "  indented", "gamma delta", "caf\u{E9}", "cafe\u{301}"]
        let lines = (0..<Int.random(in: 0...14, using: &generator)).map { _ in words.randomElement(using: &generator)! }
        let text = lines.joined(separator: "\n")
        return Bool.random(using: &generator) && !text.isEmpty ? text + "\n" : text
    }

    static func edited(_ text: String, _ generator: inout SplitMix64) -> String {
        var lines = LineDiff.lines(text).map(String.init)
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            let choice = Int.random(in: 0..<3, using: &generator)
            if choice == 0 || lines.isEmpty {
                lines.insert(Self.text(&generator), at: Int.random(in: 0...lines.count, using: &generator))
            } else if choice == 1 {
                lines.remove(at: Int.random(in: 0..<lines.count, using: &generator))
            } else {
                lines.swapAt(Int.random(in: 0..<lines.count, using: &generator), Int.random(in: 0..<lines.count, using: &generator))
            }
        }
        return lines.joined()
    }

    @Test func linesJoinBackIntoTheText() {
        for text in ["", "a", "a\n", "a\nb", "a\n\nb\n", "\n\n"] {
            #expect(LineDiff.lines(text).joined() == text)
        }
        #expect(LineDiff.lines("a\nb").count == 2 && LineDiff.lines("a\nb\n").count == 2)
    }

    @Test func aDeltaRebuildsTheOlderTextFromTheNewer() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let older = Self.text(&generator)
            let newer = Bool.random(using: &generator) ? Self.edited(older, &generator) : Self.text(&generator)
            let delta = LineDelta(from: newer, to: older)
            #expect(delta.applied(to: newer).map { Array($0.utf8) } == Array(older.utf8),
                    "seed \(seed): \(older.debugDescription) from \(newer.debugDescription)")
        }
    }

    @Test func aOneLineEditOfALongNoteIsASmallDelta() {
        let older = (1...100).map { "line \($0) of a long note, with some words in it\n" }.joined()
        let newer = older.replacingOccurrences(of: "line 50 of", with: "line fifty of")
        let delta = LineDelta(from: newer, to: older)
        #expect(delta.steps == [.copy(start: 0, count: 49), .insert("line 50 of a long note, with some words in it\n"), .copy(start: 50, count: 50)])
    }

    /// "é" precomposed and "e" with a combining accent are equal `String`s but other bytes: a
    /// delta that took one line for the other would rebuild the wrong bytes.
    @Test func linesAreEqualByTheirBytesNotByCanonicalEquivalence() {
        let older = "caf\u{E9}\nsame\n"
        let newer = "cafe\u{301}\nsame\n"
        #expect(older == newer, "Swift calls them equal")
        let rebuilt = LineDelta(from: newer, to: older).applied(to: newer)
        #expect(rebuilt.map { Array($0.utf8) } == Array(older.utf8))
        let diff = UnifiedDiff(from: older, to: newer, oldName: "a", newName: "b")
        #expect(diff.added == 1 && diff.removed == 1)
    }

    @Test func aStepPastTheNewerTextIsRefused() {
        #expect(LineDelta(steps: [.copy(start: 0, count: 3)]).applied(to: "a\nb\n") == nil)
    }

    /// The printed diff applies with GNU patch, and counts what GNU `diff --minimal` counts.
    @Test func theUnifiedDiffIsWhatGNUToolsRead() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quill-diff-\(seed)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old"), new = folder.appendingPathComponent("new")
        for _ in 0..<60 {
            let before = Self.text(&generator)
            let after = Self.edited(before, &generator)
            try Data(before.utf8).write(to: old)
            try Data(after.utf8).write(to: new)
            let diff = UnifiedDiff(from: before, to: after, oldName: "old", newName: "new")
            let gnu = try Self.run("/usr/bin/diff", ["--minimal", "-u", old.path, new.path])
            let gnuChanged = LineDiff.lines(gnu).filter { ($0.hasPrefix("+") && !$0.hasPrefix("+++")) || ($0.hasPrefix("-") && !$0.hasPrefix("---")) }.count
            #expect(diff.added + diff.removed == gnuChanged, "seed \(seed): \(before.debugDescription) → \(after.debugDescription)")
            guard !diff.lines.isEmpty else {
                #expect(before == after)
                continue
            }
            let patch = folder.appendingPathComponent("patch")
            try Data(diff.text.utf8).write(to: patch)
            _ = try Self.run("/usr/bin/patch", ["--quiet", old.path, patch.path])
            #expect(try String(contentsOf: old, encoding: .utf8) == after, "seed \(seed): \(diff.text)")
        }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func originsReadBackWhatTheyWrite() {
        for origin in [RevisionOrigin.edit, .sync, .imported("7f3a"), .restore(3), .web, .api, .created] {
            #expect(RevisionOrigin(origin.description) == origin)
        }
        #expect(RevisionOrigin("restore:0") == nil && RevisionOrigin("import:") == nil && RevisionOrigin("nope") == nil)
    }
}
