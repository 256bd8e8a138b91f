import Foundation
import NoteStoreInterface
import QuillModels
import StandardInterfaces

/// Decides, note by note, what importing means for this store: add it, leave it (an identical
/// note is there), make it the next revision of the note there (another app's note, changed in
/// the app since an earlier import), or keep it as a copy with a new ID (a different note is
/// there) — and hands the notes to add to an `ImportTarget` a chunk at a time.
///
/// Exists so that import and verify decide exactly alike, and so that an import holds two
/// chunks of notes in memory, not the archive: one being filled by the archive reader, and the
/// one before it, which is decided and added meanwhile on another core (the decisions ask the
/// store about every note, which is as much work as reading it). Chunks are decided in order,
/// each after the previous one was added, so a note added earlier in the same import counts as
/// present: an ID that appears twice in an archive is treated like one already stored.
///
/// A history entry goes with its note: into the note's chunk when it comes right after the note
/// (as Quill writes it), or held until its note comes when it comes before. One that comes
/// after some other note is not imported, and the report says so.
struct ImportPlanner {
    private let target: any ImportTarget
    private let ids: any NoteIDGenerating
    private let now: Date
    /// Where chunks are decided and added: the import's `BackgroundExecutor`, or anywhere.
    private let executor: (any TaskExecutor)?
    private var chunk: [ArchiveItem] = []
    private var chunkBytes = 0
    /// The ID of the last note planned, if it had one of its own (a Quill note).
    private var lastNoteID: NoteID?
    /// History entries that came before their note.
    private var earlyHistories: [NoteID: ArchiveItem] = [:]
    /// The previous chunk, being decided and added.
    private var handedOn: Task<ChunkDecisions, any Error>?
    /// Attachments being kept while reading goes on (their entries and sizes), oldest first:
    /// writing a large file and waiting for the disk need not stop the reading.
    private var keeping: [(entry: String, bytes: Int, task: Task<Bool, any Error>)] = []
    /// What was decided so far: the counts and copies; each decision also goes to `plan`.
    private(set) var report: ImportReport
    private let plan: (ImportReport.Action) throws -> Void

    /// A chunk is handed on at whichever of these it reaches first.
    static let chunkNotes = 500
    static let chunkBodyBytes = 2 << 20
    /// At most this many bytes of attachments are held while being kept (one larger attachment
    /// alone is held whole).
    static let keepingBytes = 32 << 20

    /// - Parameter plan: called with every decision, in archive order.
    init(target: any ImportTarget, ids: any NoteIDGenerating, now: Date, applied: Bool, executor: (any TaskExecutor)?,
         plan: @escaping (ImportReport.Action) throws -> Void) {
        self.target = target
        self.ids = ids
        self.now = now
        self.executor = executor
        self.plan = plan
        report = ImportReport(applied: applied)
    }

    mutating func plan(_ item: ArchiveItem) async throws {
        if case .attachment(let hash, let bytes) = item.incoming {
            while !keeping.isEmpty, keeping.reduce(bytes.count, { $0 + $1.bytes }) > Self.keepingBytes { try await settleOldestKeeping() }
            let target = self.target
            keeping.append((item.entry, bytes.count, Task(executorPreference: executor) { try await target.keepAttachment(hash, bytes: bytes) }))
            return
        }
        if case .history(let id, _) = item.incoming {
            if id == lastNoteID {
                chunk.append(item)
            } else if earlyHistories.updateValue(item, forKey: id) != nil {
                throw ArchiveError.duplicateEntry(entry: item.entry)
            }
            return
        }
        var item = item
        if case .plain(var plain) = item.incoming,
           let fitted = LongNoteText.fitted(plain.body, name: item.entry.split(separator: "/").last.map(String.init) ?? item.entry) {
            try await self.plan(ArchiveItem(entry: item.entry, incoming: .attachment(fitted.hash, bytes: fitted.bytes[...])))
            plain.body = fitted.body
            item.incoming = .plain(plain)
            item.notices.append(fitted.notice)
        }
        if chunk.count >= Self.chunkNotes || chunkBytes >= Self.chunkBodyBytes { try await handOn() }
        chunk.append(item)
        switch item.incoming {
        case .note(let note):
            chunkBytes += note.body.utf8.count
            lastNoteID = note.id
            if let history = earlyHistories.removeValue(forKey: note.id) { chunk.append(history) }
        case .plain(let plain):
            chunkBytes += plain.body.utf8.count
            lastNoteID = nil
        case .history, .attachment: break
        }
        for notice in item.notices { report.notices.append(ImportReport.Notice(entry: item.entry, message: notice)) }
    }

    /// Hands on the last, partial chunk and waits until every note is decided and added, and
    /// every attachment kept.
    mutating func finish() async throws {
        try await handOn()
        try await waitForHandedOn()
        while !keeping.isEmpty { try await settleOldestKeeping() }
        for (_, item) in earlyHistories.sorted(by: { $0.value.entry < $1.value.entry }) {
            report.notices.append(ImportReport.Notice(entry: item.entry, message: "history not imported: its note does not come right before it in the archive"))
        }
    }

    /// Waits for the chunk being added, ignoring its outcome: call before giving up on an
    /// import, so that nothing is still writing while the target undoes the batch.
    mutating func abandon() async {
        try? await waitForHandedOn()
        for kept in keeping { _ = try? await kept.task.value }
        keeping = []
    }

    private mutating func settleOldestKeeping() async throws {
        let oldest = keeping.removeFirst()
        if try await oldest.task.value {
            report.attachmentCount += 1
        } else {
            report.skippedEntries.append(oldest.entry)
        }
    }

    private mutating func handOn() async throws {
        guard !chunk.isEmpty else { return }
        try await waitForHandedOn()
        let items = chunk, decider = ChunkDecider(target: target, ids: ids, now: now)
        handedOn = Task(executorPreference: executor) { try await decider.decideAndAdd(items) }
        chunk = []
        chunk.reserveCapacity(items.count)
        chunkBytes = 0
    }

    private mutating func waitForHandedOn() async throws {
        guard let task = handedOn else { return }
        handedOn = nil
        let decisions = try await task.value
        for action in decisions.actions {
            report.record(action)
            try plan(action)
        }
        report.notices += decisions.notices
        report.historyCount += decisions.histories
    }
}

/// What deciding a chunk found: an action per note, notices, how many histories it added.
private struct ChunkDecisions: Sendable {
    var actions: [ImportReport.Action] = []
    var notices: [ImportReport.Notice] = []
    var histories = 0
}

/// Decides one chunk against the target (and the chunk's own earlier notes), then adds the
/// notes to add in one call, and their histories in another.
private struct ChunkDecider: Sendable {
    let target: any ImportTarget
    let ids: any NoteIDGenerating
    let now: Date

    func decideAndAdd(_ items: [ArchiveItem]) async throws -> ChunkDecisions {
        var adding: [Note] = []
        var replacing: [(note: Note, expectedRevision: Int)] = []
        var positions: [NoteID: Int] = [:]
        var decisions = ChunkDecisions()
        decisions.actions.reserveCapacity(items.count)
        /// Where each Quill note of the chunk went: its ID in the store, `nil` if left alone.
        var placed: [NoteID: NoteID?] = [:]
        var histories: [[NoteRevision]] = []
        func add(_ note: Note) {
            positions[note.id] = adding.count
            adding.append(note)
        }
        /// Writes `note`'s content as the next revision of `current`.
        func replace(_ current: Note, with note: Note, updated: Date, isDeleted: Bool, entry: String) throws {
            replacing.append((try Note(id: note.id, title: note.title, body: note.body, tags: note.tags, created: current.created,
                                       updated: updated, revision: current.revision + 1, isDeleted: isDeleted),
                              current.revision))
            placed[note.id] = .some(nil)
            decisions.actions.append(.updated(entry: entry, id: note.id, title: note.title))
        }
        func freshID() async throws -> NoteID {
            while true {
                let id = ids.next()
                if positions[id] == nil, try await !target.isTaken(id) { return id }
            }
        }
        /// Decides what `note` means for the store: added, left alone, the next revision of the
        /// note there (`updatesOlder`: another app's note, or a folder's file, changed there since an
        /// earlier import) or a copy beside it.
        func decide(_ note: Note, updatesOlder: Bool, entry: String) async throws {
            let presence: NotePresence
            if let position = positions[note.id] {
                presence = adding[position].hasSameContent(as: note) ? .same : .different(nil)
            } else {
                presence = try await target.presence(of: note)
            }
            switch presence {
            case .absent:
                add(note)
                placed[note.id] = note.id
                decisions.actions.append(.added(entry: entry, id: note.id, title: note.title, idIsDrawn: false))
            case .same:
                placed[note.id] = .some(nil)
                decisions.actions.append(.unchanged(entry: entry, id: note.id))
            case .different(let current?) where updatesOlder && current.isDeleted:
                // Deleted here after an earlier import: it stays in the trash.
                placed[note.id] = .some(nil)
                decisions.actions.append(.unchanged(entry: entry, id: note.id))
                // Undoing an import deletes so too: the message says how to have the note back.
                decisions.notices.append(ImportReport.Notice(entry: entry, message:
                    "deleted here since an earlier import (or by 'quill import --undo'): left in the trash; 'quill restore \(note.id.short)' brings it back"))
            case .different(let current?) where updatesOlder && current.updated <= note.updated:
                // The app's note changed since an earlier import: its next revision (the one it replaces stays in the history).
                try replace(current, with: note, updated: note.updated, isDeleted: note.isDeleted, entry: entry)
            case .different(let current?) where !updatesOlder && note.isEditedOutside(from: current):
                // The file of this very revision, edited outside Quill (a folder export opened in Obsidian): its next revision.
                try replace(current, with: note, updated: max(now, current.updated), isDeleted: current.isDeleted, entry: entry)
            case .different:
                // Another note has the ID (or, from another app, this note was changed here since the app's version): both
                // are kept. Another app's copy has an ID of its version, so importing the same export again finds it.
                let trashed = updatesOlder && note.isDeleted
                func copy(_ id: NoteID) throws -> Note {
                    try Note(id: id, title: note.title, body: note.body, tags: note.tags, created: note.created, updated: note.updated,
                             isDeleted: trashed)
                }
                var versionCopy: Note?
                if updatesOlder, positions[ForeignItems.copyID(of: note)] == nil {
                    let candidate = try copy(ForeignItems.copyID(of: note))
                    switch try await target.presence(of: candidate) {
                    case .absent: versionCopy = candidate
                    case .same:
                        placed[note.id] = .some(nil)
                        decisions.actions.append(.unchanged(entry: entry, id: candidate.id))
                        return
                    case .different: break
                    }
                }
                let made: Note
                if let versionCopy { made = versionCopy } else { made = try copy(try await freshID()) }
                add(made)
                placed[note.id] = made.id
                decisions.actions.append(.copied(entry: entry, original: note.id, copy: made.id, title: note.title,
                                                 idIsDrawn: versionCopy == nil))
            }
        }
        for item in items {
            switch item.incoming {
            case .note(let note):
                try await decide(note, updatesOlder: item.updatesOlder, entry: item.entry)
            case .plain(let plain):
                let id = if let identityID = plain.identityID { identityID } else { try await freshID() }
                let note = try Note(id: id, title: plain.title, body: plain.body, tags: plain.tags,
                                    created: plain.created ?? now, updated: plain.updated ?? now)
                if plain.identityID != nil {
                    try await decide(note, updatesOlder: true, entry: item.entry)
                } else {
                    add(note)
                    decisions.actions.append(.added(entry: item.entry, id: note.id, title: note.title, idIsDrawn: true))
                }
            case .history(let id, let records):
                guard let storedID = placed[id] ?? nil, let position = positions[storedID] else {
                    decisions.notices.append(ImportReport.Notice(entry: item.entry, message: "history not imported: the store already holds this note"))
                    continue
                }
                guard let revisions = RevisionRecord.revisions(current: adding[position], records: records) else {
                    throw ArchiveError.invalidNote(entry: item.entry, reason: "its revisions do not lead to the note \(id)")
                }
                histories.append(revisions)
            case .attachment:
                continue
            }
        }
        if !adding.isEmpty { try await target.add(adding) }
        if !replacing.isEmpty { try await target.replace(replacing) }
        if !histories.isEmpty { try await target.addHistories(histories) }
        decisions.histories = histories.count
        return decisions
    }
}

private extension Note {
    /// Whether this note, read from a file, is `current` as the store still holds it with its
    /// text changed since the file was written: the same revision, written at the same moment,
    /// in or out of the trash alike. Another device's edit of the same revision has a time of its own.
    func isEditedOutside(from current: Note) -> Bool {
        revision == current.revision && updated == current.updated && isDeleted == current.isDeleted
    }
}
