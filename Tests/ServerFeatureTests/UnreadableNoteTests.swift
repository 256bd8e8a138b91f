import ArchiveFeature
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NoteStoreInterface
import NoteStoreTesting
import QuillAPI
import QuillModels
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing

/// Issue 14: one stored note that cannot be read costs only itself. The list, the change feed
/// and the export leave it out and name it in `Quill-Unreadable-Notes`; only a request for the
/// note itself fails, with a message naming it. (The databases' side is in the contract tests.)
@Suite struct UnreadableNoteTests {
    static let header = HTTPFields.Element.Name("Quill-Unreadable-Notes")!

    @Test func listChangesAndExportLeaveItOutAndNameIt() async throws {
        let base = InMemoryServerStore()
        let hasher = MarkerTokenHasher()
        let token = try await AccountRegistration(accounts: base, tokens: SequentialTokenGenerator(), hasher: hasher, clock: FixedClock(TestServer.now)).register(name: "alice").token
        let damaged = try #require(NoteID("b2"))
        let store = StoreWithAnUnreadableNote(base: base, damaged: damaged)
        let metrics = ServerMetrics()
        let dependencies = ServerTestRoots.test(notes: store, accounts: base, readiness: base, hasher: hasher,
                                                clock: FixedClock(TestServer.now), ids: SequentialNoteIDs(), metrics: metrics)
        let app = ServerApplication.application(router: ServerApplication.router(dependencies), host: "127.0.0.1", port: 0,
                                                logger: Logger(label: "test"))
        try await app.test(.router) { client in
            let client = Client(base: client, alice: token, bob: token)
            for id in ["a1", "b2", "c3"] { try await client.send(.post, "/v1/notes", json: JSONSamples.note(id)) }

            let list = try await client.send(.get, "/v1/notes")
            #expect(list.status == .ok && list.headers[Self.header] == "b2")
            #expect(try list.decoded(NoteListBody.self).notes.map(\.id.rawValue) == ["a1", "c3"])

            let changes = try await client.send(.get, "/v1/changes")
            #expect(changes.status == .ok && changes.headers[Self.header] == "b2")
            #expect(try changes.decoded(ChangesBody.self).changes.map(\.id.rawValue) == ["a1", "c3"])

            let export = try await client.send(.get, "/v1/export")
            #expect(export.status == .ok && export.headers[Self.header] == "b2")
            let imported = try await ExportedArchive.imported(export.body).store
            #expect(await imported.list(NoteQuery()).notes.map(\.id.rawValue).sorted() == ["a1", "c3"])

            let read = try await client.send(.get, "/v1/notes/b2")
            #expect(read.status == .internalServerError && read.errorCode == "internal_error")
            #expect(read.text.contains("note b2: the title is empty"))
            #expect(try await client.send(.get, "/v1/notes/a1").status == .ok)

            let exposition = try await client.send(.get, "/metrics")
            #expect(exposition.text.contains("quill_unreadable_notes_total 3"))
        }
    }
}

/// The in-memory store, except that one note reads as a database would report a damaged row.
struct StoreWithAnUnreadableNote: ServerNoteRepository {
    let base: InMemoryServerStore
    let damaged: NoteID
    private var unreadable: UnreadableNote { UnreadableNote(id: damaged.rawValue, reason: "the title is empty") }

    func note(_ id: NoteID, account: AccountID) async throws -> Note? {
        guard id != damaged else { throw ServerStoreError.corrupt(unreadable.description) }
        return try await base.note(id, account: account)
    }

    func notes(account: AccountID, tagged tag: QuillModels.Tag?, after: NoteID?, limit: Int) async throws -> ServerStoreInterface.NotePage {
        let page = try await base.notes(account: account, tagged: tag, after: after, limit: limit)
        let hidden = page.notes.contains { $0.id == damaged }
        return ServerStoreInterface.NotePage(notes: page.notes.filter { $0.id != damaged }, unreadable: hidden ? [unreadable] : [], last: page.last, hasMore: page.hasMore)
    }

    func search(_ query: SearchQuery, account: AccountID, tagged tag: QuillModels.Tag?, after: NoteID?,
                limit: Int) async throws -> ServerStoreInterface.NotePage {
        let page = try await base.search(query, account: account, tagged: tag, after: after, limit: limit)
        let hidden = page.notes.contains { $0.id == damaged }
        return ServerStoreInterface.NotePage(notes: page.notes.filter { $0.id != damaged }, unreadable: hidden ? [unreadable] : [], last: page.last, hasMore: page.hasMore)
    }

    func create(_ note: Note, account: AccountID) async throws -> Note { try await base.create(note, account: account) }
    func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] { try await base.history(of: id, account: account) }
    func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        try await base.pruneHistory(retention, now: now, dryRun: dryRun)
    }
    func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> ServerStoreInterface.NotePage {
        try await base.deletedNotes(account: account, after: after, limit: limit)
    }

    func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin, mergeAncestor: Int?) async throws -> Note {
        try await base.replace(note, account: account, ifRevision: ifRevision, origin: origin, mergeAncestor: mergeAncestor)
    }

    func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        guard id != damaged else { throw ServerStoreError.corrupt(unreadable.description) }
        return try await base.revision(revision, of: id, account: account)
    }

    func latestCursor(account: AccountID) async throws -> ChangeCursor { try await base.latestCursor(account: account) }

    func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        let page = try await base.changes(account: account, after: cursor, limit: limit)
        let hidden = page.notes.contains { $0.id == damaged }
        let kept = zip(page.notes, page.cursors).filter { $0.0.id != damaged }
        return AccountChangePage(notes: kept.map(\.0), cursors: kept.map(\.1), next: page.next, hasMore: page.hasMore,
                          unreadable: hidden ? [unreadable] : [])
    }

    func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
              forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        try await base.push(changes, requestID: requestID, digest: digest, account: account, at: now,
                            forgettingBefore: forgettingBefore, keeping: keeping)
    }
}
