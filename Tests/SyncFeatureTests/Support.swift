import StandardTesting
import Foundation
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import SyncFeature
import Synchronization
import SyncStateInterface
import SyncStateTesting
import SyncTransportInterface
import SyncTransportTesting
import Testing

let day0 = Date(timeIntervalSince1970: 1_795_000_000)

func makeNote(_ hex: String, _ title: String, body: String = "", revision: Int = 1, at date: Date = day0) throws -> Note {
    try Note(id: #require(NoteID(hex)), title: title, body: body, tags: [], created: date, updated: date, revision: revision)
}

/// Alice and Bob both hold note `a1` ("Plan", body "v1") at revision 1, synced through the server.
func twoClientsSharingANote() async throws -> (FakeSyncServer, Client, Client, NoteID) {
    let server = FakeSyncServer()
    let alice = Client(transport: server), bob = Client(transport: server)
    let note = try makeNote("a1", "Plan", body: "v1")
    try await alice.store.create(note)
    try await alice.sync()
    try await bob.sync()
    return (server, alice, bob, note.id)
}

/// One `quill` home: a store and its sync state, talking to the server over `transport`.
struct Client {
    let store = InMemoryNoteStore()
    var state: any SyncStateStoring = InMemorySyncStateStore()
    let bases = InMemoryBaseRevisionStore()
    let sleeper = RecordingSleeper()
    /// This home's attachments (`nil`: a sync of notes only).
    var attachments: InMemoryAttachmentStore?
    var transport: any SyncTransport
    /// What the engine writes through (the plain store unless a test injects failures).
    var engineStore: (any NoteStore)?
    var policy = RetryPolicy(maximumAttempts: 5, initialDelay: .milliseconds(100), maximumDelay: .seconds(2))

    init(transport: any SyncTransport) { self.transport = transport }

    /// The seeds of this client's successive engines: each sync of each client draws other
    /// request IDs, as with the live random source (one seed for every sync would reuse one
    /// request ID, which the server refuses for other changes).
    let seeds = SeedSequence()

    func engine(seed: UInt64) -> SyncEngine {
        SyncEngine(store: engineStore ?? store, transport: transport, state: state, baseRevisions: bases, clock: FixedClock(day0),
                   sleeper: sleeper, random: SeededRandomSource(seed: seed), retryPolicy: policy, pageSize: 3, attachments: attachments)
    }

    @discardableResult
    func sync() async throws -> SyncReport { try await engine(seed: seeds.next()).sync() }

    /// Edits a note the way `quill edit` does: a new local revision.
    func edit(_ id: NoteID, body: String) async throws {
        let current = try #require(await store.note(id: id))
        try await store.update(current.revised(body: body, at: day0.addingTimeInterval(60)), expectedRevision: current.revision)
    }

    func delete(_ id: NoteID) async throws {
        let current = try #require(await store.note(id: id))
        try await store.update(current.deleted(at: day0.addingTimeInterval(60)), expectedRevision: current.revision)
    }
}

/// Seeds for one client's syncs: its own block of 2³² (clients are numbered as they are made,
/// so two clients never share a seed), counted up one per sync. The seeds decide request IDs
/// and backoff jitter only, which no test's outcome depends on.
final class SeedSequence: Sendable {
    private static let clients = Mutex<UInt64>(0)
    private let last: Mutex<UInt64>

    init() {
        let client = Self.clients.withLock { $0 += 1; return $0 }
        last = Mutex(client << 32)
    }

    func next() -> UInt64 { last.withLock { $0 += 1; return $0 } }
}

extension InMemoryNoteStore {
    /// Every note, tombstones included, ordered by ID.
    func allNotes() -> [Note] {
        list(NoteQuery(includeDeleted: true)).notes.map(\.id).sorted().compactMap { note(id: $0) }
    }
}

/// A transport in front of a `FakeSyncServer` that forwards every call it does not intercept:
/// a test's transport writes only the calls it changes.
protocol InFrontOfFakeServer: SyncTransport {
    var server: FakeSyncServer { get }
}

extension InFrontOfFakeServer {
    func serverInfo() async throws(SyncError) -> ServerInfo { try await server.serverInfo() }
    func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
        try await server.changes(since: cursor, limit: limit)
    }
    func push(_ request: PushRequest) async throws(SyncError) -> PushReply { try await server.push(request) }
    func history(of id: NoteID) async throws(SyncError) -> [NoteRevision] { try await server.history(of: id) }
    func attachment(_ hash: AttachmentHash) async throws(SyncError) -> RemoteAttachment { try await server.attachment(hash) }
    func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                          total: Int64) async throws(SyncError) -> RemoteAttachment {
        try await server.uploadAttachment(hash, from: source, offset: offset, count: count, total: total)
    }
    func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws {
        try await server.downloadAttachment(hash, from: offset, into: receive)
    }
    func followEvents(after cursor: SyncCursor?, _ receive: @Sendable (ServerEvent) async -> Void) async throws(SyncError) {
        try await server.followEvents(after: cursor, receive)
    }
}
