import NoteStoreInterface
import QuillModels
import SearchIndexInterface

/// The file store is the source of the CLI's search index: its summary journal says which
/// notes each write touched, in order, and the note files say what they hold now.
extension FileNoteStore: SearchIndexSource {
    public func journal(after cursor: JournalCursor?, limit: Int) async throws -> JournalPage {
        if let page = try await reading({ try JournalReader(layout: layout, files: files).page(after: cursor, limit: limit) }) {
            return page
        }
        // No journal, or a damaged one: rebuilt from the note files (and saved, if every note
        // could be read). A page of the rebuilt summaries under a cursor no journal matches.
        let (index, _) = try await maintainedIndex()
        if let page = try await reading({ try JournalReader(layout: layout, files: files).page(after: nil, limit: limit) }) {
            return page
        }
        return JournalPage(summaries: index.summaries, next: JournalCursor("unsaved"), startsOver: true, isLast: true, fractionRead: 1)
    }

    public func notes(_ ids: [NoteID]) async throws -> [Note] {
        try await reading {
            var notes: [Note] = []
            notes.reserveCapacity(ids.count)
            for id in ids {
                do {
                    if let note = try readNote(id) { notes.append(note) }
                } catch let error as NoteStoreError {
                    guard case .corrupt = error else { throw error }
                }
            }
            return notes
        }
    }
}
