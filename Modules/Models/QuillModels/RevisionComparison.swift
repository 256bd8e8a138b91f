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

    /// What `note` changed from `older`, in a few words: `created`, `deleted`, `restored`,
    /// `title changed, +3 −1 lines`, `no change`.
    public static func summary(from older: Note?, to note: Note) -> String {
        guard let older else { return "created" }
        if note.isDeleted != older.isDeleted { return note.isDeleted ? "deleted" : "restored" }
        var parts: [String] = []
        if note.title != older.title { parts.append("title changed") }
        if note.tags != older.tags { parts.append("tags changed") }
        let (oldLines, newLines) = (LineDiff.lines(older.body), LineDiff.lines(note.body))
        let kept = LineDiff.matches(oldLines, newLines).count
        if kept < oldLines.count || kept < newLines.count { parts.append("+\(newLines.count - kept) −\(oldLines.count - kept) lines") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
