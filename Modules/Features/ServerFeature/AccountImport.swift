import ArchiveFeature
import ByteStreamInterface
import Foundation
import NoteStoreInterface
import QuillAPI
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// One account's import on the server: what `POST /v1/imports` and the web reader's `/import`
/// run (one implementation), with the archive module's importer, so that a file is read, known by
/// its content and turned into notes exactly as `quill import` does it (docs/import.md).
///
/// All or nothing: the importer plans every note first (`AccountImportStore` holds them and the
/// attachments they brought), then the attachments are kept in the account, each checked against
/// the server's largest size and the account's quota, and then the notes are written in one
/// push, one transaction of the store. A file that fails anywhere writes no note; attachments kept
/// before the failure are referred to by nothing, and `quill-server attachments gc` collects them.
public enum AccountImport {
    /// Imports `source` (the uploaded file, kept in scratch storage) into `account`; `name` is the
    /// file's name as the person gave it (an Evernote export's notebook), if known. Returns what
    /// it did as the API answers it.
    public static func run(_ source: any ByteSource, name: String?, account: AccountID, dryRun: Bool,
                           dependencies: ServerDependencies) async throws -> ImportResultBody {
        let store = AccountImportStore(repository: dependencies.notes, account: account, clock: dependencies.clock)
        let importer = ArchiveImporter(store: store, attachments: store.attachments, decompression: dependencies.decompression,
                                       scratch: dependencies.scratch, ids: dependencies.ids, clock: dependencies.clock,
                                       background: dependencies.background)
        var limits = ArchiveLimits()
        limits.maximumAttachmentBytes = dependencies.attachmentLimits.maximumBytes
        // The notes are held until they are written together: what they may take is bounded.
        limits.maximumUncompressedBytes = min(limits.maximumUncompressedBytes, Self.uncompressedFactor * ImportUpload.maximumBytes(dependencies))
        let report = try await importer.importArchive(from: source, name: name, limits: limits, dryRun: dryRun)
        if report.applied { try await store.commit(dependencies: dependencies) }
        return ImportResultBody(report)
    }

    /// How many times the upload's size an import may read once uncompressed (its notes and
    /// attachments are held in memory until they are written together).
    public static let uncompressedFactor: Int64 = 4

    /// Why an import was refused after its file was read: what the store said of its notes.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A note with one of the import's IDs was written meanwhile (a sync, another import).
        case changedMeanwhile(NoteID)

        public var description: String {
            switch self {
            case .changedMeanwhile(let id):
                "note \(id) was written by someone else while the import ran; nothing was imported: import the file again"
            }
        }
    }
}

/// The account's notes as the importer sees a store: read from the repository, and a bulk
/// creation that holds the new notes (and the attachments they bring, `ImportedAttachments`)
/// until `commit` writes them.
final class AccountImportStore: NoteReading, NoteBulkCreating, NoteWriting {
    private let repository: any ServerNoteRepository
    private let account: AccountID
    private let clock: any WallClock
    let attachments: ImportedAttachments
    private let bulk: AccountImportBulk

    init(repository: any ServerNoteRepository, account: AccountID, clock: any WallClock) {
        self.repository = repository
        self.account = account
        self.clock = clock
        attachments = ImportedAttachments(clock: clock)
        bulk = AccountImportBulk(repository: repository, account: account)
    }

    func note(id: NoteID) async throws -> Note? {
        try await repository.note(id, account: account)
    }

    func list(_ query: NoteQuery) async throws -> NoteListing {
        try await AccountNotesView.load(repository, account: account).list(query)
    }

    /// Plans the import: `fill` adds the notes to a batch held here until `commit`.
    func createInBulk<T: Sendable>(origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T) async throws -> T {
        try await fill(bulk)
    }

    /// Holds the notes an import replaces (another app's notes changed since an earlier import),
    /// to be pushed with the notes it adds.
    func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws {
        await bulk.hold(writes)
    }

    /// Keeps the attachments in the account, then writes the notes in one push.
    func commit(dependencies: ServerDependencies) async throws {
        for (hash, bytes) in attachments.held() {
            var receiver = try await AttachmentReceiver(account: account, dependencies: dependencies)
            do {
                try await receiver.receive(bytes)
                let kept = try await receiver.finish()
                guard kept.hash == hash else { throw ArchiveError.attachmentMismatch(entry: "attachments/\(hash.hex)") }
            } catch {
                await receiver.abandon()
                throw error
            }
        }
        let changes = await bulk.notes.map { PushedChange(note: $0, baseRevision: nil, mayMerge: false) }
            + bulk.replacements.map { PushedChange(note: $0.note, baseRevision: $0.expectedRevision, mayMerge: false) }
        guard !changes.isEmpty else { return }
        let requestID = PushRequestID("import \(dependencies.ids.next().rawValue)")!
        let outcomes = try await PushReplay(repository).pushOutcomes(changes, requestID: requestID, account: account, at: clock.now())
        if let refused = outcomes.first(where: { $0.status != .applied }) { throw AccountImport.Failure.changedMeanwhile(refused.id) }
    }
}

/// The notes an import on the server adds, held until they are written together.
actor AccountImportBulk: BulkCreation {
    private let repository: any ServerNoteRepository
    private let account: AccountID
    private(set) var notes: [Note] = []
    private var positions: [NoteID: Int] = [:]
    /// The notes the import replaces, each with the revision it replaces.
    private(set) var replacements: [(note: Note, expectedRevision: Int)] = []

    init(repository: any ServerNoteRepository, account: AccountID) {
        self.repository = repository
        self.account = account
    }

    func existing(_ id: NoteID) async throws -> Note? {
        if let position = positions[id] { return notes[position] }
        return try await repository.note(id, account: account)
    }

    func add(_ added: [Note]) async throws {
        var seen = Set<NoteID>()
        for note in added {
            guard seen.insert(note.id).inserted else { throw NoteStoreError.duplicateInBatch(note.id) }
            if try await existing(note.id) != nil { throw NoteStoreError.alreadyExists(note.id) }
        }
        for note in added {
            positions[note.id] = notes.count
            notes.append(note)
        }
    }

    func hold(_ writes: [NoteWrite]) {
        for case .update(let note, let expected) in writes { replacements.append((note, expected)) }
    }

    /// The server keeps its own history of each note from its first revision on: the earlier
    /// revisions an archive carries are not written (docs/import.md).
    func addHistories(_ histories: [[NoteRevision]]) async throws {
        for case let id? in histories.map({ $0.first?.note.id }) where positions[id] == nil { throw NoteStoreError.notFound(id) }
    }
}
