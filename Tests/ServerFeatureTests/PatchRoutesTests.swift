import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// `PATCH /v1/notes/{id}`: a JSON Merge Patch of title, body and tags, `If-Match` optional.
@Suite struct PatchRoutesTests {
    /// Creates `{"title":"Groceries","body":"Milk","tags":["home","food"]}` and returns its URI.
    static func createNote(_ client: Client) async throws -> String {
        let created = try await client.send(.post, "/v1/notes", json: #"{"title":"Groceries","body":"Milk","tags":["home","food"]}"#)
        return try #require(created.headers[.location])
    }

    static func patch(_ client: Client, _ uri: String, _ json: String, ifMatch: String? = nil,
                      contentType: String = "application/merge-patch+json") async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(client.alice)", .contentType: contentType]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        return try await client.base.execute(uri: uri, method: .patch, headers: headers, body: ByteBuffer(string: json))
    }

    @Test func aPatchChangesOnlyTheFieldsItNames() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            let patched = try await Self.patch(client, uri, #"{"body":"Milk, eggs"}"#)
            #expect(patched.status == .ok && patched.headers[.eTag] == "\"2\"", "\(patched.text)")
            let note = try patched.decoded(NoteDocument.self)
            #expect(note.title == "Groceries" && note.body == "Milk, eggs" && note.tags.map(\.rawValue) == ["food", "home"])
            #expect(note.revision == 2)

            let retitled = try await Self.patch(client, uri, #"{"title":"Shopping","tags":["Errands"]}"#, contentType: "application/json")
            let renamed = try retitled.decoded(NoteDocument.self)
            #expect(renamed.title == "Shopping" && renamed.body == "Milk, eggs" && renamed.tags.map(\.rawValue) == ["errands"])
            #expect(try await client.send(.get, uri).decoded(NoteDocument.self) == renamed)
        }
    }

    @Test func nullRemovesTheBodyAndTheTags() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            let note = try await Self.patch(client, uri, #"{"body":null,"tags":null}"#).decoded(NoteDocument.self)
            #expect(note.title == "Groceries" && note.body == "" && note.tags.isEmpty)
        }
    }

    @Test func anEmptyPatchWritesNothing() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            for json in ["{}", #"{"title":"Groceries","body":"Milk"}"#] {
                let response = try await Self.patch(client, uri, json)
                #expect(response.status == .ok && response.headers[.eTag] == "\"1\"", "\(json)")
            }
        }
    }

    @Test func ifMatchIsOptionalButHonoured() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            let stale = try await Self.patch(client, uri, #"{"body":"late"}"#, ifMatch: "\"2\"")
            #expect(stale.status == .preconditionFailed && stale.errorCode == "revision_mismatch")
            #expect(try await client.send(.get, uri).decoded(NoteDocument.self).body == "Milk")
            let current = try await Self.patch(client, uri, #"{"body":"on time"}"#, ifMatch: "\"1\"")
            #expect(current.status == .ok && current.headers[.eTag] == "\"2\"")
            let garbage = try await Self.patch(client, uri, #"{"body":"x"}"#, ifMatch: "soon")
            #expect(garbage.status == .badRequest)
        }
    }

    @Test(arguments: [
        (#"{"title":null}"#, "title: a note needs a title"),
        (#"{"title":""}"#, "title: the title is empty"),
        (#"{"title":7}"#, "title: expected a string"),
        (#"{"body":["x"]}"#, "body: expected a string"),
        (#"{"tags":"home"}"#, "tags: expected an array"),
        (#"{"tags":["a,b"]}"#, "tags[0]"),
        (#"{"id":"ab"}"#, "id: unknown field"),
        (#"{"revision":3}"#, "revision: unknown field"),
        (#"{"deleted":true}"#, "deleted: unknown field"),
        ("[]", "body: expected an object"),
        ("{", "malformed JSON"),
    ])
    func badPatchesAre400AndChangeNothing(_ json: String, _ mentions: String) async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            let response = try await Self.patch(client, uri, json)
            #expect(response.status == .badRequest && response.errorCode == "bad_request", "\(response.text)")
            #expect(response.text.contains(mentions), "\(response.text)")
            #expect(try await client.send(.get, uri).headers[.eTag] == "\"1\"")
        }
    }

    @Test func aPatchLabelledAsSomethingElseThanJSONIs415() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            let response = try await Self.patch(client, uri, #"{"body":"x"}"#, contentType: "text/plain")
            #expect(response.status == .unsupportedMediaType && response.errorCode == "unsupported_media_type")
        }
    }

    @Test func deletedMissingAndOtherAccountsNotesAre404() async throws {
        try await TestServer.make().test { client in
            let uri = try await Self.createNote(client)
            #expect(try await client.send(.delete, uri, headers: [.ifMatch: "\"1\""]).status == .ok)
            let deleted = try await Self.patch(client, uri, #"{"body":"back"}"#)
            #expect(deleted.status == .notFound && deleted.text.contains("deleted"), "\(deleted.text)")
            #expect(try await client.send(.get, uri).status == .notFound, "the note stays deleted")
            #expect(try await Self.patch(client, "/v1/notes/ff", #"{"body":"x"}"#).status == .notFound)

            let bobs = try await client.send(.post, "/v1/notes", as: client.bob, json: #"{"title":"Bob's"}"#)
            #expect(try await Self.patch(client, try #require(bobs.headers[.location]), #"{"body":"x"}"#).status == .notFound)
        }
    }

    @Test func withoutIfMatchAPatchRetriesAfterAConcurrentWriteAndKeepsBoth() async throws {
        let competing = CompetingWrite()
        try await TestServer.make(notes: { RacingNoteStore(base: $0, competing: competing) }).test { client in
            let uri = try await Self.createNote(client)
            await competing.arm { try $0.revised(title: "Theirs", at: TestServer.now) }
            let patched = try await Self.patch(client, uri, #"{"body":"Mine"}"#)
            #expect(patched.status == .ok, "\(patched.text)")
            let note = try patched.decoded(NoteDocument.self)
            #expect(note.title == "Theirs" && note.body == "Mine" && note.revision == 3)

            await competing.arm { try $0.revised(title: "Again theirs", at: TestServer.now) }
            let guarded = try await Self.patch(client, uri, #"{"body":"Mine again"}"#, ifMatch: "\"3\"")
            #expect(guarded.status == .preconditionFailed, "with If-Match the client asked for exactly that version")
            #expect(try await client.send(.get, uri).decoded(NoteDocument.self).body == "Mine")
        }
    }
}

/// A change another client makes to a note, waiting to slip in before the next replace.
actor CompetingWrite {
    private var pending: (@Sendable (Note) throws -> Note)?

    func arm(_ change: @escaping @Sendable (Note) throws -> Note) { pending = change }

    func take() -> (@Sendable (Note) throws -> Note)? {
        defer { pending = nil }
        return pending
    }
}

/// A note store that lets a `CompetingWrite` land between a handler's read and its write:
/// the race a PATCH without If-Match must survive, made to happen on demand.
struct RacingNoteStore: ServerNoteRepository {
    let base: any ServerNoteRepository
    let competing: CompetingWrite

    func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin, mergeAncestor: Int?) async throws -> Note {
        if let change = await competing.take(), let current = try await base.note(note.id, account: account) {
            _ = try await base.replace(change(current), account: account, ifRevision: current.revision, origin: .api)
        }
        return try await base.replace(note, account: account, ifRevision: ifRevision, origin: origin, mergeAncestor: mergeAncestor)
    }

    func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        try await base.revision(revision, of: id, account: account)
    }

    func note(_ id: NoteID, account: AccountID) async throws -> Note? { try await base.note(id, account: account) }
    func notes(account: AccountID, tagged tag: QuillModels.Tag?, after: NoteID?, limit: Int) async throws -> ServerStoreInterface.NotePage {
        try await base.notes(account: account, tagged: tag, after: after, limit: limit)
    }
    func search(_ query: SearchQuery, account: AccountID, tagged tag: QuillModels.Tag?, after: NoteID?,
                limit: Int) async throws -> ServerStoreInterface.NotePage {
        try await base.search(query, account: account, tagged: tag, after: after, limit: limit)
    }
    func create(_ note: Note, account: AccountID) async throws -> Note { try await base.create(note, account: account) }
    func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] { try await base.history(of: id, account: account) }
    func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        try await base.pruneHistory(retention, now: now, dryRun: dryRun)
    }
    func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> ServerStoreInterface.NotePage {
        try await base.deletedNotes(account: account, after: after, limit: limit)
    }
    func latestCursor(account: AccountID) async throws -> ChangeCursor { try await base.latestCursor(account: account) }

    func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        try await base.changes(account: account, after: cursor, limit: limit)
    }
    func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
              forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        try await base.push(changes, requestID: requestID, digest: digest, account: account, at: now,
                            forgettingBefore: forgettingBefore, keeping: keeping)
    }
}
