import NoteStoreInterface
import QuillModels
import SystemInterface

/// Decides, for every note of a validated archive, what importing it means for this store:
/// add it, leave it (identical note present), or keep it as a copy (different note present).
///
/// Exists so that import and verify agree exactly, and so that the writes of an import form
/// one batch the store applies all-or-nothing.
struct ImportPlanner {
    let store: any NoteStore
    let ids: any NoteIDGenerating
    let clock: any WallClock

    func plan(_ contents: ArchiveContents) async throws -> (writes: [NoteWrite], actions: [ImportAction]) {
        let existing = Set(try await store.list(NoteQuery(includeDeleted: true)).notes.map(\.id))
        var taken = existing
        for item in contents.items {
            if case .note(let note) = item.incoming { taken.insert(note.id) }
        }
        var writes: [NoteWrite] = []
        var actions: [ImportAction] = []
        let now = clock.now()
        for item in contents.items {
            switch item.incoming {
            case .note(let note):
                guard existing.contains(note.id), let current = try await store.note(id: note.id) else {
                    writes.append(.create(note))
                    actions.append(.added(entry: item.entry, id: note.id, title: note.title))
                    continue
                }
                if current.hasSameContent(as: note) {
                    actions.append(.unchanged(entry: item.entry, id: note.id))
                } else {
                    let copy = try Note(id: freshID(avoiding: &taken), title: note.title, body: note.body, tags: note.tags,
                                        created: note.created, updated: note.updated)
                    writes.append(.create(copy))
                    actions.append(.copied(entry: item.entry, original: note.id, copy: copy.id, title: note.title))
                }
            case .plain(let title, let body):
                let note = try Note(id: freshID(avoiding: &taken), title: title, body: body, tags: [], created: now, updated: now)
                writes.append(.create(note))
                actions.append(.added(entry: item.entry, id: note.id, title: note.title))
            }
        }
        return (writes, actions)
    }

    /// A new ID that is in neither the store nor the archive.
    private func freshID(avoiding taken: inout Set<NoteID>) -> NoteID {
        var id = ids.next()
        while taken.contains(id) { id = ids.next() }
        taken.insert(id)
        return id
    }
}

typealias ImportAction = ImportReport.Action
