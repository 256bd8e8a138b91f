import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces
import ServerStoreTesting
import Testing

typealias ServerStore = ServerNoteRepository & AccountRepository & SchemaMigrating & ReadinessChecking & ServerAttachmentRepository
    & ServerLinkRepository & ShareStore & PublishedSiteStore & DeviceAuthorizationStore & IdentityLinkStore & PendingSignInStore

/// One store implementation under contract test: how to make a fresh, migrated, empty one.
struct Implementation: Sendable, CustomTestStringConvertible {
    let name: String
    let isAvailable: Bool
    /// Whether it keeps notes as the API writes them (`encodedNote`, `encodedChanges`).
    var keepsEncodedNotes = false
    /// Whether its stored notes can be damaged behind its back (`NoteDamage`): the databases.
    var canBeDamaged = false
    let make: @Sendable () async throws -> Opened

    /// A fresh store, how to close it, and how to damage its stored notes (the databases only).
    struct Opened {
        let store: any ServerStore
        let close: @Sendable () async throws -> Void
        var damage: NoteDamage?
    }

    var testDescription: String { name }

    func withStore(_ body: (any ServerStore) async throws -> Void) async throws {
        try await withStore { store, _ in try await body(store) }
    }

    func withStore(_ body: (any ServerStore, NoteDamage?) async throws -> Void) async throws {
        let opened = try await make()
        do {
            try await opened.store.migrate()
            try await body(opened.store, opened.damage)
        } catch {
            try await opened.close()
            throw error
        }
        try await opened.close()
    }

    static let inMemory = Implementation(name: "in-memory", isAvailable: true) {
        Opened(store: InMemoryServerStore(), close: {})
    }
}

extension ServerNoteRepository where Self: AccountRepository {
    func newAccount(_ name: String) async throws -> AccountID {
        guard let tokenID = TokenID(TokenHash(bytes: Array(name.utf8)).hex) else { throw ServerStoreError.corrupt("test name too long") }
        return try await createAccount(named: name, token: StoredToken(id: tokenID, hash: TokenHash(bytes: Array(name.utf8)))).id
    }
}

enum Sample {
    static let date = Date(timeIntervalSince1970: 1_767_225_600.123)

    static func note(_ id: String, title: String = "A title", body: String = "body", tags: [String] = [], revision: Int = 1) throws -> Note {
        guard let noteID = NoteID(id) else { throw ServerStoreError.corrupt("bad test ID \(id)") }
        return try Note(id: noteID, title: title, body: body, tags: Tag.normalize(tags), created: date, updated: date, revision: revision)
    }
}

/// A new directory of its own for one test's database files; the test removes it.
func temporaryDirectory(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
