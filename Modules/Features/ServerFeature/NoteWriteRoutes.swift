import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Creating and changing notes: `POST /v1/notes`, `PUT` and `PATCH /v1/notes/{id}`.
///
/// Each takes either the small shape people and scripts write (`NoteDraft`, `NotePatch`),
/// for which the server keeps the ID, timestamps and revision, or (POST and PUT) the whole
/// sync document that `quill sync` and imports send.
extension NoteRoutes {
    /// How often a PATCH without `If-Match` re-reads the note when another write lands between
    /// its read and its write, before it answers 412 like a stale `If-Match`.
    static let patchAttempts = 3
    /// How many server-chosen IDs a create tries before it gives up (a collision needs a client
    /// to have picked the very ID the generator makes next).
    static let idAttempts = 3

    func create(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let created: Note
        switch try await RequestInput.decode(NoteInput.self, from: request) {
        case .document(let document):
            created = try await live.create(try RequestInput.liveNote(from: document), account: account.id)
        case .draft(let draft):
            try Self.countedAsSent(draft.tags)
            created = try await create(draft, account: account.id)
        }
        var headers = RequestInput.eTag(created)
        headers[.location] = "/v1/notes/\(created.id)"
        return JSONBody.written(NoteDocument(created), status: .created, headers: headers)
    }

    func replace(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let replacing = try RequestInput.replacedRevision(request, required: true)
        switch try await RequestInput.decode(NoteInput.self, from: request) {
        case .document(let document):
            let note = try RequestInput.liveNote(from: document)
            guard note.id == id else { throw APIError.badRequest("id: the body's ID \(note.id) differs from the URL's \(id)") }
            return Self.response(try await live.replace(note, account: account.id, replacing: replacing))
        case .draft(let draft):
            try Self.countedAsSent(draft.tags)
            if let given = draft.id, given != id {
                throw APIError.badRequest("id: the body's ID \(given) differs from the URL's \(id)")
            }
            let current = try await liveNote(id, account: account.id)
            let next = try Self.validated { () throws(NoteValidationError) in
                try current.revised(title: draft.title, body: draft.body, tags: draft.tags, at: dependencies.clock.now())
            }
            return try await written(next, read: replacing.read(current: current.revision), over: current, account: account.id)
        }
    }

    func patch(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        let replacing = try RequestInput.replacedRevision(request, required: false)
        let patch = try await RequestInput.decode(NotePatch.self, from: request)
        try Self.countedAsSent(patch.tags ?? [])
        var attempt = 1
        while true {
            let current = try await liveNote(id, account: account.id)
            let next = try Self.validated { () throws(NoteValidationError) in
                try current.revised(title: patch.title, body: patch.body, tags: patch.tags, at: dependencies.clock.now())
            }
            do {
                return try await written(next, read: replacing.read(current: current.revision), over: current, account: account.id)
            } catch ServerStoreError.revisionMismatch where replacing == .current && attempt < Self.patchAttempts {
                attempt += 1
            }
        }
    }

    /// Stores a draft at revision 1, under its own ID or the next one the server makes.
    private func create(_ draft: NoteDraft, account: AccountID) async throws -> Note {
        let now = dependencies.clock.now()
        var attempt = 1
        while true {
            let note = try Self.validated { () throws(NoteValidationError) in
                try Note(id: draft.id ?? dependencies.ids.next(), title: draft.title, body: draft.body, tags: draft.tags,
                         created: now, updated: now)
            }
            do {
                return try await live.create(note, account: account)
            } catch ServerStoreError.alreadyExists where draft.id == nil && attempt < Self.idAttempts {
                attempt += 1
            }
        }
    }

    /// The note as it is now; 404 if there is none or it is deleted (a script edits live notes).
    private func liveNote(_ id: NoteID, account: AccountID) async throws -> Note {
        guard let note = try await dependencies.notes.note(id, account: account) else { throw APIError.notFound("no note with ID \(id)") }
        guard !note.isDeleted else { throw APIError.notFound("note \(id) is deleted") }
        return note
    }

    /// `next`, made from revision `read`, stored over `current` or merged with it (200 with its
    /// ETag), or `current` as it is when `next` says the same (nothing written: repeating a PUT or
    /// PATCH changes nothing).
    private func written(_ next: Note, read: Int, over current: Note, account: AccountID) async throws -> Response {
        guard !next.hasSameContent(as: current) else { return Self.response(MergingWrite.Written(note: current, mergeAncestor: nil)) }
        return Self.response(try await MergingWrite(repository: dependencies.notes).replace(next, read: read, over: current,
                                                                                           account: account, origin: .api))
    }

    /// The stored note with its ETag, and, for a merge, `Quill-Merge-Ancestor`: the revision the
    /// writer read, which both merged edits started from.
    private static func response(_ written: MergingWrite.Written) -> Response {
        var headers = RequestInput.eTag(written.note)
        if let ancestor = written.mergeAncestor { headers[RequestInput.mergeAncestor] = String(ancestor) }
        return JSONBody.written(NoteDocument(written.note), headers: headers)
    }

    /// Tags are counted as sent, repeats included, as the spec's `maxItems` counts them (a
    /// note's own tags never repeat): 65 copies of one tag are refused, not collapsed to one.
    private static func countedAsSent(_ tags: [Tag]) throws {
        guard tags.count <= NoteLimits.maximumTags else {
            throw APIError.badRequest("tags: \(tags.count) tags as sent (repeats count); the limit is \(NoteLimits.maximumTags)")
        }
    }

    /// The note `make` builds, or a 400 that names the field it refused.
    private static func validated(_ make: () throws(NoteValidationError) -> Note) throws -> Note {
        do { return try make() } catch {
            throw APIError.badRequest("\(field(of: error)): \(error.description)")
        }
    }

    private static func field(of error: NoteValidationError) -> String {
        switch error {
        case .emptyTitle, .titleTooLong, .titleHasLineBreak: "title"
        case .bodyTooLarge: "body"
        case .emptyTag, .tagContainsSpace, .tagTooLong, .tooManyTags: "tags"
        case .invalidRevision: "revision"
        case .dateOutOfRange: "created or updated"
        }
    }
}
