import QuillModels

/// What saving an edit made from an earlier revision of a note did.
public enum EditFromRevisionOutcome: Equatable, Sendable {
    /// Nothing changed the note meanwhile: the edit is its next revision (or, unchanged, the note).
    case edited(Note)
    /// The note changed meanwhile (to `meanwhile`) on other lines: both changes are in `note`.
    case merged(Note, meanwhile: Int)
    /// The note was deleted meanwhile: the edit brought it back, as a sync lets an edit win over
    /// a deletion.
    case restored(Note)
    /// The note changed meanwhile on the same lines: it stays as it is (`current`), and the edit is
    /// kept as a note of its own (`copy`), as the web reader keeps an edit it cannot merge.
    case keptApart(copy: Note, current: Note)
}

extension NoteService {
    /// Applies `changes`, made to `original` over a while (in `$EDITOR`), to the note as it is
    /// now. A `quill sync --watch` beside the editor may write a change of the note meanwhile,
    /// which writing the edit over it would lose without a word: the two are merged line by line
    /// (`ThreeWayMerge`, as a push is), and when they touch the same lines the edit is kept
    /// apart, so that neither is lost.
    public func edit(_ original: Note, changes: NoteChanges) async throws -> EditFromRevisionOutcome {
        guard let current = try await store.note(id: original.id) else { throw NoteServiceError.notFound(original.id.rawValue) }
        if current.revision == original.revision, !current.isDeleted {
            return .edited(try await edit(original.id.rawValue, changes: changes))
        }
        let now = clock.now()
        let ours = try original.revised(title: changes.title, body: changes.body, at: now)
        if ours.hasSameContent(as: original) { return .edited(current) }
        if current.isDeleted {
            let restored = try current.revised(title: ours.title, body: ours.body, tags: ours.tags, at: now)
            try await store.update(restored, expectedRevision: current.revision)
            return .restored(restored)
        }
        if let merged = ThreeWayMerge.merge(ancestor: original, ours: ours, theirs: current) {
            let next = try current.revised(title: merged.title, body: merged.body, tags: merged.tags, at: now)
            guard !next.hasSameContent(as: current) else { return .merged(current, meanwhile: current.revision) }
            try await store.update(next, expectedRevision: current.revision)
            return .merged(next, meanwhile: current.revision)
        }
        let suffix = " (edited meanwhile)"
        let title = String(ours.title.prefix(NoteLimits.maximumTitleCharacters - suffix.count)) + suffix
        let copy = try Note(id: ids.next(), title: title, body: ours.body, tags: ours.tags, created: now, updated: now)
        try await store.create(copy)
        return .keptApart(copy: copy, current: current)
    }
}
