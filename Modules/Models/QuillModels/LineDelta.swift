/// How to make an older text from a newer one: the form in which history keeps a body.
///
/// A note's history keeps each replaced body as the steps that rebuild it from the body that
/// replaced it (copy a run of the newer text's lines, or insert lines it does not have), so a
/// one-line edit of a long note costs a few dozen bytes. `LineDiff` finds the steps.
public struct LineDelta: Hashable, Sendable {
    /// One step of rebuilding the older text.
    public enum Step: Hashable, Sendable {
        /// `count` lines of the newer text from line `start`.
        case copy(start: Int, count: Int)
        /// Text the newer one does not have (whole lines).
        case insert(String)
    }

    public let steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// The steps that make `older` from `newer`.
    public init(from newer: String, to older: String) {
        let newLines = LineDiff.lines(newer)
        let oldLines = LineDiff.lines(older)
        var steps: [Step] = []
        var nextOld = 0
        func insert(upTo end: Int) {
            guard nextOld < end else { return }
            steps.append(.insert(oldLines[nextOld..<end].joined()))
        }
        for pair in LineDiff.matches(oldLines, newLines) {
            insert(upTo: pair.old)
            if case .copy(let start, let count)? = steps.last, start + count == pair.new, nextOld == pair.old {
                steps[steps.count - 1] = .copy(start: start, count: count + 1)
            } else {
                steps.append(.copy(start: pair.new, count: 1))
            }
            nextOld = pair.old + 1
        }
        insert(upTo: oldLines.count)
        self.steps = steps
    }

    /// The older text; `nil` if a step reaches past the end of `newer` (not a delta of it).
    public func applied(to newer: String) -> String? {
        applied(toLines: LineDiff.lines(newer)).map { $0.joined() }
    }

    /// The older text's lines from the newer text's, sharing their storage: a chain of deltas
    /// (a history read back from its newest revision) copies no text until a body is joined.
    public func applied(toLines lines: [Substring]) -> [Substring]? {
        var older: [Substring] = []
        older.reserveCapacity(lines.count)
        for step in steps {
            switch step {
            case .copy(let start, let count):
                guard start >= 0, count >= 0, start + count <= lines.count else { return nil }
                older.append(contentsOf: lines[start..<start + count])
            case .insert(let inserted):
                older.append(contentsOf: LineDiff.lines(inserted))
            }
        }
        return older
    }
}
