import NoteStoreInterface
import QuillModels
@testable import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import StandardInterfaces
import Testing

/// Every `NoteReading` implementation the reading contract must hold for: each store, and the
/// server's view of one account (`AccountNotesView`, what `GET /v1/export` reads through).
enum ReaderImplementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case fileOnInMemoryFileSystem
    case fileOnDisk
    case serverExportView

    var testDescription: String { rawValue }

    /// A reader holding exactly these (live) notes.
    func make(holding notes: [Note]) async throws -> any NoteReading {
        let store: any NoteStore
        switch self {
        case .inMemory: store = try Implementation.inMemory.make()
        case .fileOnInMemoryFileSystem: store = try Implementation.fileOnInMemoryFileSystem.make()
        case .fileOnDisk: store = try Implementation.fileOnDisk.make()
        case .serverExportView:
            let server = InMemoryServerStore()
            let account = try await server.createAccount(named: "ann", token: StoredToken(id: ServerSampleData.demoToken.id, hash: TokenHash(bytes: [1])))
            for note in notes { _ = try await server.create(note, account: account.id) }
            return try await AccountNotesView.load(server, account: account.id)
        }
        try await store.apply(notes.map { .create($0) }, origin: .local)
        return store
    }
}
