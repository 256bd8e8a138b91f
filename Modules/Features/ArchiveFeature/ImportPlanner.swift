import Foundation
import NoteStoreInterface
import QuillModels
import SystemInterface

/// Decides, note by note, what importing means for this store: add it, leave it (an identical
/// note is there), or keep it as a copy with a new ID (a different note is there) — and hands
/// the notes to add to an `ImportTarget` a chunk at a time.
///
/// Exists so that import and verify decide exactly alike, and so that an import holds two
/// chunks of notes in memory, not the archive: one being filled, and the one before it, which
/// the target writes meanwhile (on another core). A note added earlier in the same import
/// counts as present, so an ID that appears twice in an archive is treated like one already
/// stored.
struct ImportPlanner {
    private let target: any ImportTarget
    private let ids: any NoteIDGenerating
    private let now: Date
    private var chunk: [Note] = []
    private var positionInChunk: [NoteID: Int] = [:]
    private var chunkBytes = 0
    /// The previous chunk, being added by the target, and where each of its notes is.
    private var handedOn: (notes: [Note], positions: [NoteID: Int], adding: Task<Void, any Error>)?

    /// A chunk is handed on at whichever of these it reaches first.
    static let chunkNotes = 500
    static let chunkBodyBytes = 2 << 20

    init(target: any ImportTarget, ids: any NoteIDGenerating, now: Date) {
        self.target = target
        self.ids = ids
        self.now = now
    }

    mutating func plan(_ item: ArchiveItem) async throws -> ImportReport.Action {
        switch item.incoming {
        case .note(let note):
            switch try await presence(of: note) {
            case .absent:
                try await add(note)
                return .added(entry: item.entry, id: note.id, title: note.title)
            case .same:
                return .unchanged(entry: item.entry, id: note.id)
            case .different:
                break
            }
            let copy = try Note(id: try await freshID(), title: note.title, body: note.body, tags: note.tags,
                                created: note.created, updated: note.updated)
            try await add(copy)
            return .copied(entry: item.entry, original: note.id, copy: copy.id, title: note.title)
        case .plain(let title, let body):
            let note = try Note(id: try await freshID(), title: title, body: body, tags: [], created: now, updated: now)
            try await add(note)
            return .added(entry: item.entry, id: note.id, title: note.title)
        }
    }

    /// Hands on the last, partial chunk and waits until the target has added everything.
    mutating func finish() async throws {
        try await handOn()
        try await waitForHandedOn()
    }

    /// Waits for the chunk being added, ignoring its outcome: call before giving up on an
    /// import, so that nothing is still writing while the target undoes the batch.
    mutating func abandon() async {
        try? await waitForHandedOn()
    }

    private mutating func handOn() async throws {
        guard !chunk.isEmpty else { return }
        try await waitForHandedOn()
        let notes = chunk, target = target
        handedOn = (notes, positionInChunk, Task { try await target.add(notes) })
        chunk = []
        chunk.reserveCapacity(notes.count)
        positionInChunk = [:]
        chunkBytes = 0
    }

    private mutating func waitForHandedOn() async throws {
        guard let adding = handedOn?.adding else { return }
        handedOn = nil
        try await adding.value
    }

    private func presence(of note: Note) async throws -> NotePresence {
        if let position = positionInChunk[note.id] { return chunk[position].hasSameContent(as: note) ? .same : .different }
        if let handedOn, let position = handedOn.positions[note.id] {
            return handedOn.notes[position].hasSameContent(as: note) ? .same : .different
        }
        return try await target.presence(of: note)
    }

    private mutating func add(_ note: Note) async throws {
        positionInChunk[note.id] = chunk.count
        chunk.append(note)
        chunkBytes += note.body.utf8.count
        if chunk.count >= Self.chunkNotes || chunkBytes >= Self.chunkBodyBytes { try await handOn() }
    }

    private func isTaken(_ id: NoteID) async throws -> Bool {
        if positionInChunk[id] != nil || handedOn?.positions[id] != nil { return true }
        return try await target.isTaken(id)
    }

    /// A new ID that is neither in the store nor in this import so far.
    private func freshID() async throws -> NoteID {
        var id = ids.next()
        while try await isTaken(id) { id = ids.next() }
        return id
    }
}
