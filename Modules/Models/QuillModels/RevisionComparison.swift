/// How two revisions of a note are compared wherever people see history: `quill history` and
/// `quill diff`, and the web reader's History page.
public enum RevisionComparison {
    /// A note as a diff compares it: its title, its tags, whether it is deleted, then its body.
    public static func text(of note: Note) -> String {
        "title: \(note.title)\ntags:" + note.tags.map { " #\($0)" }.joined() + "\n" + (note.isDeleted ? "deleted\n" : "") + "\n" + note.body
    }

    /// The unified diff from `older` to `newer`, headed by the note's short ID and the revisions.
    public static func diff(from older: NoteRevision, to newer: NoteRevision) -> UnifiedDiff {
        let short = newer.note.id.short
        return UnifiedDiff(from: text(of: older.note), to: text(of: newer.note),
                           oldName: "\(short) revision \(older.number)", newName: "\(short) revision \(newer.number)")
    }

    /// The summary of each revision of a history (newest first) against the one before it, each
    /// body split into lines once.
    public static func summaries(_ revisions: [NoteRevision]) -> [String] {
        var summaries: [String] = []
        summaries.reserveCapacity(revisions.count)
        var lines = revisions.first.map { LineDiff.lines($0.note.body) } ?? []
        for index in revisions.indices {
            let older = index + 1 < revisions.count ? revisions[index + 1].note : nil
            let olderLines = older.map { LineDiff.lines($0.body) } ?? []
            summaries.append(summary(from: older, to: revisions[index].note, olderLines: olderLines, lines: lines))
            lines = olderLines
        }
        return summaries
    }

    /// What `note` changed from `older`, in a few words: `created`, `deleted`, `restored`,
    /// `title changed, +3 −1 lines`, `no change`.
    private static func summary(from older: Note?, to note: Note, olderLines: [Substring], lines: [Substring]) -> String {
        guard let older else { return "created" }
        if note.isDeleted != older.isDeleted { return note.isDeleted ? "deleted" : "restored" }
        var parts: [String] = []
        if note.title != older.title { parts.append("title changed") }
        if note.tags != older.tags { parts.append("tags changed") }
        let kept = LineDiff.matches(olderLines, lines).count
        if kept < olderLines.count || kept < lines.count { parts.append("+\(lines.count - kept) −\(olderLines.count - kept) lines") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
