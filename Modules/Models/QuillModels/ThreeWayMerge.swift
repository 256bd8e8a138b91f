/// Two edits of one note made from the same earlier revision, combined when they do not touch the
/// same lines: the rule that turns most concurrent edits into one note instead of a conflict copy.
///
/// Exists so that every door that meets a write based on an older revision (a push, an API write
/// with an old `If-Match`, a save from a stale web reader tab) decides alike (docs/sync.md, "Three-way
/// merge"). Pure, on values: the callers fetch the ancestor from the history and store the result.
///
/// The bodies are compared line by line with the ancestor (`LineDiff`), by bytes. Each side's
/// changes are hunks: a range of the ancestor's lines and what replaces it. The edits merge when
/// no hunk of one side overlaps a hunk of the other, and no insertion of one side falls inside or
/// at either edge of a hunk of the other (which line would come first is then a guess); a hunk
/// both sides made alike counts once. The title and the tags merge when one side left them as the
/// ancestor had them or both changed them alike. A side that deleted the note does not merge.
/// The result depends only on the three versions, not on which edit is called ours.
public enum ThreeWayMerge {
    /// The note holding both edits, or `nil` when they overlap (or one is a deletion). It keeps
    /// `theirs`' ID, creation time and revision (the writer gives it its own), the later of the
    /// two update times, and no deletion mark.
    public static func merge(ancestor: Note, ours: Note, theirs: Note) -> Note? {
        guard !ancestor.isDeleted, !ours.isDeleted, !theirs.isDeleted,
              let title = field(ancestor.title, ours.title, theirs.title, same: sameBytes),
              let tags = field(ancestor.tags, ours.tags, theirs.tags, same: ==),
              let body = body(ancestor: ancestor.body, ours: ours.body, theirs: theirs.body) else { return nil }
        return try? Note(id: theirs.id, title: title, body: body, tags: tags, created: theirs.created,
                         updated: max(ours.updated, theirs.updated), revision: theirs.revision)
    }

    /// The body holding both sides' line changes, or `nil` when they overlap.
    public static func body(ancestor: String, ours: String, theirs: String) -> String? {
        if sameBytes(ours, ancestor) || sameBytes(ours, theirs) { return theirs }
        if sameBytes(theirs, ancestor) { return ours }
        let base = LineDiff.lines(ancestor)
        let mine = hunks(from: base, to: LineDiff.lines(ours))
        let other = hunks(from: base, to: LineDiff.lines(theirs))
        var combined: [Hunk] = []
        var (i, j) = (0, 0)
        while i < mine.count || j < other.count {
            guard i < mine.count else { combined.append(other[j]); j += 1; continue }
            guard j < other.count else { combined.append(mine[i]); i += 1; continue }
            let (a, b) = (mine[i], other[j])
            if a.isSame(as: b) {
                combined.append(a)
                i += 1
                j += 1
            } else if a.collides(with: b) {
                return nil
            } else if a.start < b.start {
                combined.append(a)
                i += 1
            } else {
                combined.append(b)
                j += 1
            }
        }
        var result = ""
        result.reserveCapacity(max(ours.utf8.count, theirs.utf8.count))
        var position = 0
        for hunk in combined {
            for line in base[position..<hunk.start] { result += line }
            for line in hunk.replacement { result += line }
            position = hunk.end
        }
        for line in base[position...] { result += line }
        return result
    }

    /// A run of the ancestor's lines, `start..<end` (empty for an insertion before `start`), and
    /// the lines one side has in its place.
    struct Hunk {
        let start: Int
        let end: Int
        let replacement: [Substring]

        var isInsertion: Bool { start == end }

        func isSame(as other: Hunk) -> Bool {
            start == other.start && end == other.end && replacement.count == other.replacement.count
                && zip(replacement, other.replacement).allSatisfy { LineDiff.same($0, $1) }
        }

        /// Whether the two cannot both apply: they share a line, or one inserts inside the
        /// other's range or at one of its edges.
        func collides(with other: Hunk) -> Bool {
            if start < other.end && other.start < end { return true }
            if isInsertion && other.start <= start && start <= other.end { return true }
            if other.isInsertion && start <= other.start && other.start <= end { return true }
            return false
        }
    }

    /// The changes that turn `base` into `side`, in order, between the lines `LineDiff` matches.
    static func hunks(from base: [Substring], to side: [Substring]) -> [Hunk] {
        var hunks: [Hunk] = []
        var (old, new) = (0, 0)
        for match in LineDiff.matches(base, side) + [(old: base.count, new: side.count)] {
            if match.old > old || match.new > new {
                hunks.append(Hunk(start: old, end: match.old, replacement: Array(side[new..<match.new])))
            }
            (old, new) = (match.old + 1, match.new + 1)
        }
        return hunks
    }

    /// One field: the side that changed it, or the value both changed it to; `nil` if they differ.
    private static func field<Value>(_ ancestor: Value, _ ours: Value, _ theirs: Value,
                                     same: (Value, Value) -> Bool) -> Value? {
        if same(ours, ancestor) || same(ours, theirs) { return theirs }
        if same(theirs, ancestor) { return ours }
        return nil
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }
}
