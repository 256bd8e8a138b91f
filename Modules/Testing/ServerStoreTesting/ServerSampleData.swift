import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// The notes and account `quill-server --preview` starts with, so that a person (or a
/// conformance checker) meets a server with something in it.
public enum ServerSampleData {
    /// The preview account's token; printed at start, never valid on a real server.
    public static let demoToken = BearerToken(id: TokenID(0xdeed), secret: "preview")
    public static let demoAccountName = "demo"

    /// A few notes with fixed IDs and dates, one of them deleted.
    public static func notes() throws -> [Note] {
        let base = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01T00:00:00Z
        func note(_ id: String, _ title: String, _ body: String, _ tags: [String], days: Double) throws -> Note {
            guard let noteID = NoteID(id) else { throw ServerStoreError.corrupt("sample ID \(id)") }
            let date = base.addingTimeInterval(days * 86_400)
            return try Note(id: noteID, title: title, body: body, tags: Tag.normalize(tags), created: date, updated: date)
        }
        return [
            try note("a1000001", "Welcome to Quill", "This server was started with `--preview`.\nNothing is saved.", ["quill"], days: 0),
            try note("a1000002", "Groceries", "- coffee\n- bread\n- apples", ["home", "list"], days: 1),
            try note("a1000003", "Meeting notes", "Agreed to ship the sync server.", ["work"], days: 2),
            try note("a1000004", "Old idea", "Tombstones travel through the change feed too.", [], days: 3),
        ]
    }

    /// Creates the demo account in `store` and writes the sample notes into it (the last one deleted).
    public static func seed(_ store: some ServerNoteRepository & AccountRepository, hasher: some TokenHashing) async throws -> Account {
        let account = try await store.createAccount(
            named: demoAccountName, token: StoredToken(id: demoToken.id, hash: hasher.hash(demoToken.secret)))
        let notes = try notes()
        for note in notes { _ = try await store.create(note, account: account.id) }
        if let last = notes.last {
            _ = try await store.delete(last.id, account: account.id, ifRevision: 1, at: last.updated.addingTimeInterval(60), origin: .api)
        }
        return account
    }
}
