import NoteStoreInterface
import QuillModels
import StandardInterfaces

/// The rules of keeping notes: what a new note, an edit and a deletion write, and how a
/// typed ID prefix is resolved to a note.
///
/// Everything it needs from outside arrives as protocols, so the CLI, previews and tests
/// run this same code against a file store, an in-memory store, a fixed clock, and so on.
public struct NoteService: Sendable {
    let store: any NoteReading & NoteHistoryReading & NoteSearching & NoteWriting & NotePurging
    let clock: any WallClock
    let ids: any NoteIDGenerating

    public init(store: any NoteReading & NoteHistoryReading & NoteSearching & NoteWriting & NotePurging, clock: any WallClock, ids: any NoteIDGenerating) {
        self.store = store
        self.clock = clock
        self.ids = ids
    }

    public func add(title: String, body: String, tags: [String]) async throws -> Note {
        let now = clock.now()
        let note = try Note(id: ids.next(), title: title, body: body, tags: Tag.normalize(tags), created: now, updated: now)
        try await store.create(note)
        return note
    }

    public func note(_ reference: String) async throws -> Note {
        let id = try await resolve(reference)
        guard let note = try await store.note(id: id), !note.isDeleted else { throw NoteServiceError.notFound(reference) }
        return note
    }

    /// The note a person or an assistant names: by ID or unique ID prefix, else by title (case
    /// and Unicode form folded as links fold names; the newest of several with one title, as a
    /// link resolves).
    public func note(identifiedOrTitled reference: String) async throws -> Note {
        do {
            return try await note(reference)
        } catch NoteServiceError.invalidReference, NoteServiceError.notFound {
            let name = LinkName.folded(reference)
            guard let summary = try await store.list(NoteQuery()).notes.first(where: { LinkName.folded($0.title) == name }) else {
                throw NoteServiceError.notFound(reference)
            }
            return try await note(summary.id.rawValue)
        }
    }

    /// Applies the given changes; `nil` leaves a field as it is.
    public func edit(_ reference: String, changes: NoteChanges) async throws -> Note {
        guard !changes.isEmpty else { throw NoteServiceError.nothingToChange }
        let current = try await note(reference)
        var tags = current.tags
        if !changes.addTags.isEmpty || !changes.removeTags.isEmpty {
            let removed = Set(try Tag.normalize(changes.removeTags))
            tags = try Tag.normalize((tags.filter { !removed.contains($0) }).map(\.rawValue) + changes.addTags)
        }
        let next = try current.revised(title: changes.title, body: changes.body, tags: tags, at: clock.now())
        guard !next.hasSameContent(as: current) else { return current }
        try await store.update(next, expectedRevision: current.revision)
        return next
    }

    public func remove(_ reference: String) async throws -> Note {
        let current = try await note(reference)
        let tombstone = current.deleted(at: clock.now())
        try await store.update(tombstone, expectedRevision: current.revision)
        return tombstone
    }

    public func list(_ query: NoteQuery) async throws -> NoteListing {
        try await store.list(query)
    }

    /// A full ID or a unique prefix of one, like git's short hashes; among deleted notes too
    /// if asked (for history, restore and the trash).
    public func resolve(_ reference: String, includingDeleted: Bool = false) async throws -> NoteID {
        let prefix = reference.lowercased()
        guard NoteID(prefix) != nil else { throw NoteServiceError.invalidReference(reference) }
        let matches = try await store.ids(withPrefix: prefix, includingDeleted: includingDeleted)
        switch matches.count {
        case 0: throw NoteServiceError.notFound(reference)
        case 1: return matches[0]
        default:
            if let exact = matches.first(where: { $0.rawValue == prefix }) { return exact }
            throw NoteServiceError.ambiguous(reference, candidates: matches)
        }
    }
}
