import NoteStoreInterface
import QuillModels
import ServerStoreInterface

/// One account's live notes on the server, seen through the client-side `NoteReading` and
/// `NoteHistoryReading` ports, so that the archive module's exporter writes the server's export
/// (no second implementation), with each note's earlier revisions when asked.
///
/// Read-only, as the exporter asks for nothing more. The listing is loaded up front
/// (`load()`), so a database failure is answered 503 before any byte of the archive is sent.
final class AccountNotesView: NoteReading, NoteHistoryReading {
    private let repository: any ServerNoteRepository
    private let account: AccountID
    private let summaries: [NoteSummary]
    /// The live notes that could not be read, which the export leaves out.
    let unreadable: [UnreadableNote]

    private init(repository: any ServerNoteRepository, account: AccountID, summaries: [NoteSummary], unreadable: [UnreadableNote]) {
        self.repository = repository
        self.account = account
        self.summaries = summaries
        self.unreadable = unreadable
    }

    static let pageSize = 1000

    static func load(_ repository: any ServerNoteRepository, account: AccountID) async throws -> AccountNotesView {
        var summaries: [NoteSummary] = []
        var unreadable: [UnreadableNote] = []
        var after: NoteID?
        while true {
            let page = try await repository.notes(account: account, after: after, limit: pageSize)
            summaries += page.notes.map(\.summary)
            unreadable += page.unreadable
            guard page.hasMore, let last = page.last else { break }
            after = last
        }
        return AccountNotesView(repository: repository, account: account, summaries: summaries, unreadable: unreadable)
    }

    func note(id: NoteID) async throws -> Note? {
        try await repository.note(id, account: account)
    }

    func list(_ query: NoteQuery) async throws -> NoteListing {
        NoteListing(notes: query.arrange(summaries))
    }

    func history(of id: NoteID) async throws -> [NoteRevision] {
        try await repository.history(of: id, account: account)
    }

    /// The server keeps no record of a client's imports.
    func importedNotes(_ importID: String) async throws -> [ImportedNote]? { nil }
}
