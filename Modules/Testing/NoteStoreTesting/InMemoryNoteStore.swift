import Foundation
import NoteStoreInterface
import QuillModels

/// A note store in memory: for previews, and for tests of the features that use a store.
///
/// It obeys the same contract as the file-backed store (the contract suite runs on both):
/// all-or-nothing batches, revision checks, tombstones, pending marks, history.
public actor InMemoryNoteStore: NoteStore {
    private var notes: [NoteID: Note]
    private var pending: [NoteID] = []
    /// Each note's revisions, newest first, as the file store's history answers them.
    private var revisions: [NoteID: [NoteRevision]] = [:]
    /// The notes each import added, by import ID.
    private var imports: [String: [ImportedNote]] = [:]

    public init(notes: [Note] = []) {
        self.notes = Dictionary(notes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func note(id: NoteID) -> Note? { notes[id] }

    public func importedNotes(_ importID: String) -> [ImportedNote]? { imports[importID] }

    public func history(of id: NoteID) -> [NoteRevision] {
        guard let current = notes[id] else { return [] }
        return revisions[id] ?? [NoteRevision(note: current, origin: .created)]
    }

    public func list(_ query: NoteQuery) -> NoteListing {
        NoteListing(notes: query.arrange(notes.values.map(\.summary)))
    }

    public func ids(withPrefix prefix: String, includingDeleted: Bool) -> [NoteID] {
        notes.values.filter { (includingDeleted || !$0.isDeleted) && $0.id.rawValue.hasPrefix(prefix) }.map(\.id).sorted()
    }

    public func apply(_ writes: [NoteWrite], origin: WriteOrigin) throws {
        var seen = Set<NoteID>()
        for write in writes {
            let id = write.note.id
            guard seen.insert(id).inserted else { throw NoteStoreError.duplicateInBatch(id) }
            switch write {
            case .create:
                if notes[id] != nil { throw NoteStoreError.alreadyExists(id) }
            case .update(_, let expected):
                guard let current = notes[id] else { throw NoteStoreError.notFound(id) }
                guard current.revision == expected else {
                    throw NoteStoreError.revisionConflict(id, expected: expected, actual: current.revision)
                }
            }
        }
        for write in writes {
            let id = write.note.id
            var kept = history(of: id)
            if let replaced = notes[id], replaced.hasSameContent(as: write.note), !kept.isEmpty {
                // The same content under another number: the current revision is renumbered, as
                // the file store keeps no record of it.
                kept[0] = NoteRevision(note: write.note, origin: kept[0].origin)
            } else {
                kept.insert(NoteRevision(note: write.note, origin: notes[id] == nil ? .created : origin.revisionOrigin), at: 0)
            }
            revisions[id] = kept
            notes[id] = write.note
        }
        if origin.isLocal {
            for write in writes where !pending.contains(write.note.id) { pending.append(write.note.id) }
        }
    }

    public nonisolated func createInBulk<T: Sendable>(
        origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T
    ) async throws -> T {
        let bulk = InMemoryBulkCreation(store: self)
        let result: T
        do {
            result = try await fill(bulk)
        } catch {
            _ = await bulk.finish()
            throw error
        }
        let (added, histories) = await bulk.finish()
        try await apply(added, origin: origin)
        await keep(histories)
        if case .imported(let importID) = origin.revisionOrigin {
            let withHistory = Set(histories.map { $0[0].note.id })
            await remember(importID, added.map { ImportedNote(id: $0.note.id, updated: withHistory.contains($0.note.id) ? $0.note.updated : nil) })
        }
        return result
    }

    public func purge(_ ids: [NoteID]) throws {
        for id in ids {
            guard let note = notes[id] else { throw NoteStoreError.notFound(id) }
            guard note.isDeleted else { throw NoteStoreError.notDeleted(id) }
        }
        for id in ids {
            notes[id] = nil
            revisions[id] = nil
        }
        pending.removeAll { ids.contains($0) }
    }

    /// A note held in memory is never damaged: nothing is set aside.
    public func setAsideDamaged(_ id: NoteID) -> String? { nil }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) -> PrunedHistory {
        var pruned = PrunedHistory()
        for (id, kept) in revisions {
            let dropped = retention.droppedCount(times: kept.reversed().map(\.note.updated), now: now)
            pruned.add(dropped)
            guard !dryRun, dropped > 0 else { continue }
            // The oldest revision kept loses its origin, as in the file store, where the record
            // before it held it.
            var left = Array(kept.dropLast(dropped))
            left[left.count - 1] = NoteRevision(note: left[left.count - 1].note, origin: .created)
            revisions[id] = left
        }
        return pruned
    }

    private func remember(_ importID: String, _ notes: [ImportedNote]) { imports[importID] = notes }

    private func keep(_ histories: [[NoteRevision]]) {
        for history in histories { revisions[history[0].note.id] = history }
    }

    public func pendingChanges() -> [NoteID] { pending }

    public func acknowledge(_ revisions: [NoteID: Int]) {
        pending.removeAll { id in revisions[id] != nil && notes[id]?.revision == revisions[id] }
    }
}
