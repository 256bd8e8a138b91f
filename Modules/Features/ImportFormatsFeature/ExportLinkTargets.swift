import QuillModels

/// What a link an importer writes names for a note of the export: its title, or the ID the note
/// will get (`ImportedNoteID`) where the title cannot name it in Quill: a title holding what a
/// link cannot (`| # ^ [ ]`, a line break, or a `/`, as a link names a path's last part), or one
/// that differs from another's only in case (Quill compares names folded).
///
/// Exists so that every reader of an app whose links name titles (Roam, TiddlyWiki) keeps them
/// reaching the note they reached there, the same way.
struct ExportLinkTargets {
    /// How many notes have each title, folded as links compare names.
    private var counts: [String: Int] = [:]
    private var sourceIDs: [String: String] = [:]

    mutating func add(title: String, sourceID: String) {
        counts[LinkName.folded(title), default: 0] += 1
        sourceIDs[title] = sourceID
    }

    func holds(_ title: String) -> Bool { sourceIDs[title] != nil }

    func target(_ title: String) -> String {
        guard let sourceID = sourceIDs[title] else { return title }
        let unwritable = title.contains { "|#^[]/\n".contains($0) }
        guard unwritable || (counts[LinkName.folded(title)] ?? 0) > 1 else { return title }
        return ImportedNoteID.of(sourceID).rawValue
    }

    /// A block's text as an embed of it shows it, as Roam and Logseq show a reference: its first
    /// line, without the brackets and bars a link's text cannot hold, cut at 80 characters.
    static func shownText(ofBlock text: String) -> String {
        let line = text.prefix { $0 != "\n" }.filter { !"[]|".contains($0) }.trimmingSpaces()
        return line.count > 80 ? String(line.prefix(79)).trimmingSpaces() + "…" : line
    }
}
