import QuillModels

/// The links between notes, as the search index derives them from the notes it indexes: each
/// note's links (`NoteLink.scan`) and the names it answers to (its title, `NoteAliases`).
///
/// A separate port from `SearchIndex` because its readers are others (`quill links`,
/// `backlinks`, `show`), but kept by the same `apply`: the links of a note are written and
/// forgotten with its text, in the same atomic step, so they share the index's guarantees
/// (derived, caught up before every read, rebuilt when damaged). Every answer is resolved when
/// read (`LinkResolution`), so it reflects the notes as they are.
public protocol LinkIndex: Sendable {
    /// The links written in note `id`, in order; empty for a note the index does not hold.
    func links(from id: NoteID) async throws -> [ResolvedLink]
    /// The links, in every note, that reach note `id`, by linking note (title, then ID) and line.
    func backlinks(to id: NoteID) async throws -> [ResolvedLink]
    /// Every link of the selection, by linking note (title, then ID) and line.
    func links(_ selection: LinkSelection) async throws -> [ResolvedLink]
}

/// Which links of every note to list.
public enum LinkSelection: Sendable, Hashable {
    case all
    /// Those that reach no note.
    case broken
    /// Those whose target names more than one note equally.
    case ambiguous
}

extension Array where Element == ResolvedLink {
    /// The order every listing uses: by linking note (title, case folded, then ID), then line,
    /// links on one line in the order given.
    public func sortedByLinkingNote() -> [ResolvedLink] {
        var folded: [NoteID: String] = [:]
        for link in self where folded[link.source] == nil { folded[link.source] = LinkName.folded(link.sourceTitle) }
        return enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.source != b.source {
                let (titleA, titleB) = (folded[a.source] ?? "", folded[b.source] ?? "")
                return titleA != titleB ? titleA < titleB : a.source < b.source
            }
            return a.link.line != b.link.line ? a.link.line < b.link.line : left.offset < right.offset
        }.map(\.element)
    }
}
