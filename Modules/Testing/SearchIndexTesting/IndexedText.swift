import QuillModels
import SearchIndexInterface

/// A note as the in-memory index keeps it: its summary and the folded words of its title and
/// body, for matching.
struct IndexedText: Sendable {
    let summary: NoteSummary
    let title: [String]
    let bodyWords: [String]
    let links: [NoteLink]
    /// The folded names the note answers to, each with its strongest match.
    let names: [String: LinkResolution.Match]
    let refersToAttachments: Bool

    init(_ indexed: IndexedNote) {
        let note = indexed.note
        summary = note.summary
        title = SearchText.words(note.title)
        bodyWords = SearchText.words(note.body)
        let entry = indexed.links
        links = entry.links
        names = Dictionary(entry.names.map { ($0.name, $0.match) }, uniquingKeysWith: { first, _ in first })
        refersToAttachments = indexed.refersToAttachments
    }

    /// Whether the term holds in the title or the body (a phrase within one of them).
    func matches(_ term: SearchQuery.Term) -> Bool {
        switch term {
        case .tag(let tag): summary.tags.contains(tag)
        default: term.occurrences(in: title) > 0 || term.occurrences(in: bodyWords) > 0
        }
    }
}
