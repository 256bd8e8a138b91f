import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// The CLI's embedded store: one JSON document per note on a file system, plus a summary
/// journal that keeps `list` fast, a pending journal for sync, and each note's earlier revisions.
///
/// It talks to the disk only through `FileAccessing` and `FileLocking`, so the same code
/// runs on the real file system in production and on an in-memory one in unit tests.
/// Readers take a shared lock, writers an exclusive one; every write goes through a
/// `WriteTransaction`, or a `BulkTransaction` for many new notes at once, so a process killed
/// at any moment leaves the store consistent.
public struct FileNoteStore: NoteStore {
    let layout: StoreLayout
    let files: any FileAccessing
    private let locks: any FileLocking
    /// The pending journal as last replayed by this process.
    private let pendingCache = PendingJournalCache()
    /// A bulk creation this process journaled as a reader, being made durable behind it.
    let bulkDurability: BulkDurability

    /// How long Linux keeps a written page before its flusher writes it back
    /// (`vm.dirty_expire_centisecs`, 30 s by default), and the flusher's period
    /// (`vm.dirty_writeback_centisecs`, 5 s) besides.
    public static let kernelWritebackAge = Duration.seconds(35)

    /// `readerSyncDelay`: how long a reader that journaled an import leaves its files to the
    /// kernel before it makes them durable itself (`BulkDurability`); `kernelWritebackAge` where
    /// the files are on a disk.
    public init(root: String, files: any FileAccessing, locks: any FileLocking, readerSyncDelay: Duration) {
        self.layout = StoreLayout(root: root)
        self.files = files
        self.locks = locks
        bulkDurability = BulkDurability(delay: readerSyncDelay)
    }

    private var pendingJournal: PendingJournal { PendingJournal(path: layout.pending, files: files, cache: pendingCache) }

    public func note(id: NoteID) async throws -> Note? {
        try await reading { try readNote(id) }
    }

    /// Under one lock, not one per note.
    public func notes(ids: [NoteID]) async throws -> [NoteID: Note] {
        try await reading {
            var found: [NoteID: Note] = [:]
            for id in ids {
                if let note = try readNote(id) { found[id] = note }
            }
            return found
        }
    }

    public func history(of id: NoteID) async throws -> [NoteRevision] {
        try await reading {
            guard let current = try readNote(id) else { return [] }
            return try HistoryLog(path: layout.history(id), files: files).revisions(current: current)
        }
    }

    /// The import's record: a line per note it added (`ID`), then `ID UPDATED` (milliseconds)
    /// for each that came with its history (`BulkHistories`).
    public func importedNotes(_ importID: String) async throws -> [ImportedNote]? {
        guard !importID.contains("/"), !importID.hasPrefix(".") else { return nil }
        return try await reading {
            guard files.exists(layout.importRecord(importID)) else { return nil }
            var notes: [ImportedNote] = [], positions: [NoteID: Int] = [:]
            try FileLines.forEach(inFile: layout.importRecord(importID), files: files) { line in
                let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
                guard let first = fields.first, let id = NoteID(String(first)) else { return true }
                let updated = fields.count == 2 ? Int64(fields[1]).map(Date.init(millisecondsSince1970:)) : nil
                if let position = positions[id] {
                    notes[position] = ImportedNote(id: id, updated: updated)
                } else {
                    positions[id] = notes.count
                    notes.append(ImportedNote(id: id, updated: updated))
                }
                return true
            }
            return notes
        }
    }

    public func list(_ query: NoteQuery) async throws -> NoteListing {
        if query.limit != nil || query.tag != nil || query.deletion == .only,
           let found = try await reading({ try ListingScan(query: query).run(path: layout.index, files: files) }) {
            if found.needsCompaction { _ = try await maintainedIndex() }
            return NoteListing(notes: found.summaries)
        }
        let (index, problems) = try await maintainedIndex()
        return NoteListing(notes: query.arrange(index.summaries), problems: problems)
    }

    public func catalog(_ query: NoteQuery, after: NoteID?, limit: Int) async throws -> NoteCatalog {
        let scan = CatalogPageScan(query: query, after: after, limit: limit)
        if let page = try await reading({ try scan.run(path: layout.index, files: files) }) {
            return page
        }
        return try await catalogFromListing(query, after: after, limit: limit)
    }

    public func ids(withPrefix prefix: String, includingDeleted: Bool) async throws -> [NoteID] {
        let scan = IDPrefixScan(prefix: prefix, includingDeleted: includingDeleted)
        if let ids = try await reading({ try scan.run(path: layout.index, files: files) }) {
            return ids
        }
        let (index, _) = try await maintainedIndex()
        return index.summaries.filter { (includingDeleted || !$0.isDeleted) && $0.id.rawValue.hasPrefix(prefix) }.map(\.id).sorted()
    }

    public func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws {
        guard !writes.isEmpty else { return }
        try await writing {
            var seen = Set<NoteID>()
            for write in writes {
                guard seen.insert(write.note.id).inserted else { throw NoteStoreError.duplicateInBatch(write.note.id) }
                try check(write)
            }
            if origin == .remote, writes.count >= Self.newNotesCreatedInPlace,
               writes.allSatisfy({ if case .create = $0 { true } else { false } }) {
                try BulkTransaction(layout: layout, files: files).createDurably(writes.map(\.note), origin: origin)
            } else {
                try WriteTransaction(layout: layout, files: files).commit(writes, origin: origin)
            }
        }
    }

    /// From this many new notes from the server on (a page of a first pull), `apply` creates
    /// them where they stay under an undo log (`BulkTransaction.createDurably`) rather than
    /// staging and renaming each: a rename costs about 5 µs in a directory of 100,000 notes,
    /// the undo log a durable append, a few milliseconds on a slow disk.
    static let newNotesCreatedInPlace = 500

    public func createInBulk<T: Sendable>(
        origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T
    ) async throws -> T {
        try await writing {
            let transaction = BulkTransaction(layout: layout, files: files)
            let storeStartedEmpty = !files.exists(layout.notes)
            try transaction.begin()
            let bulk = FileBulkCreation(transaction: transaction, storeStartedEmpty: storeStartedEmpty,
                                        readNote: { [self] id in try readNote(id) })
            do {
                let result = try await fill(bulk)
                try await bulk.finish()
                try transaction.commit(origin: origin, filesAreDurable: false)
                return result
            } catch {
                await bulk.abandon()
                // If this fails too, the undo log stays and the next writer's `recover` finishes it.
                try? transaction.rollBack()
                throw error
            }
        }
    }

    /// Removes each tombstone's history log and document, drops its pending mark, then rewrites
    /// the summary index without it. Killed part way, a note may be left without its history or
    /// its document (which the index rewrite of the next purge, or a rebuild, forgets); nothing
    /// live is touched.
    public func purge(_ ids: [NoteID]) async throws {
        guard !ids.isEmpty else { return }
        try await writing {
            for id in ids {
                guard let note = try readNote(id) else { throw NoteStoreError.notFound(id) }
                guard note.isDeleted else { throw NoteStoreError.notDeleted(id) }
            }
            for id in ids {
                if files.exists(layout.history(id)) { try files.remove(layout.history(id)) }
                try files.remove(layout.note(id))
            }
            try pendingJournal.markAcknowledged(ids)
            let purged = Set(ids)
            try rewriteIndex { !purged.contains($0.id) && files.exists(layout.note($0.id)) }
        }
    }

    /// Rewrites the summary index with the summaries `keeping` keeps, under a new generation (a
    /// search index then starts over); an index rebuilt with problems is not saved, as they must
    /// keep being reported. Called under the exclusive lock.
    private func rewriteIndex(keeping: (NoteSummary) -> Bool) throws {
        let (index, problems) = try loadIndex()
        guard problems.isEmpty else { return }
        let kept = index.summaries.filter(keeping)
        try JournalGeneration(layout: layout, files: files).advance()
        try files.write(SummaryIndex(summaries: kept, lineCount: kept.count).serialized(), to: layout.index)
    }

    /// The history goes first, then the note: killed between the two, the note is still damaged
    /// and the next call moves it.
    public func setAsideDamaged(_ id: NoteID) async throws -> String? {
        try await writing {
            do {
                _ = try readNote(id)
                return nil
            } catch let error as NoteStoreError {
                guard case .corrupt = error else { throw error }
            }
            if !files.exists(layout.damaged) { try files.createDirectory(layout.damaged) }
            var number = 1
            while files.exists(layout.damaged(id, number: number, suffix: ".json")) || files.exists(layout.damaged(id, number: number, suffix: ".log")) {
                number += 1
            }
            let keptAt = layout.damaged(id, number: number, suffix: ".json")
            if files.exists(layout.history(id)) { try files.move(layout.history(id), to: layout.damaged(id, number: number, suffix: ".log")) }
            try files.move(layout.note(id), to: keptAt)
            try pendingJournal.markAcknowledged([id])
            try rewriteIndex { $0.id != id }
            return keptAt
        }
    }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        guard retention != .all else { return PrunedHistory() }
        let prune = { [self] () throws -> PrunedHistory in
            var pruned = PrunedHistory()
            guard files.exists(layout.history) else { return pruned }
            for name in try files.contents(ofDirectory: layout.history).sorted() {
                guard let id = StoreLayout.historyNoteID(fileName: name), let current = try readNote(id) else { continue }
                pruned.add(try HistoryLog(path: layout.history(id), files: files).prune(retention, current: current, now: now, dryRun: dryRun))
            }
            if !dryRun, pruned.revisions > 0 {
                let line = "\(Timestamp(now)) history.keep=\(retention) notes=\(pruned.notes) revisions=\(pruned.revisions)\n"
                try files.append(Data(line.utf8), to: layout.pruneLog)
            }
            return pruned
        }
        return dryRun ? try await reading(prune) : try await writing(prune)
    }

    public func pendingChanges() async throws -> [NoteID] {
        try await reading { try pendingJournal.load() }
    }

    public func pendingChanges(among ids: [NoteID]) async throws -> Set<NoteID> {
        try await reading { try pendingJournal.pending(among: ids) }
    }

    public func acknowledge(_ revisions: [NoteID: Int]) async throws {
        guard !revisions.isEmpty else { return }
        try await writing {
            let journal = pendingJournal
            let pending = try journal.pending(among: Array(revisions.keys))
            let acknowledged = try revisions.keys.sorted().filter { id in
                try pending.contains(id) && readRevision(id) == revisions[id]
            }
            try journal.markAcknowledged(acknowledged)
        }
    }

    // MARK: - Reading and writing under the lock

    func reading<T: Sendable>(_ body: () throws -> T) async throws -> T {
        guard files.exists(layout.root) else { return try body() }
        while true {
            let result: T? = try await locks.withLock(at: layout.lock, exclusive: false) {
                needsRecovery ? nil : try body()
            }
            if let result { return result }
            try await recoverForReaders()
        }
    }

    /// Recovers as a writer does, except that a committed bulk creation is journaled for
    /// readers and made durable behind them (`BulkDurability`) rather than before they read.
    private func recoverForReaders() async throws {
        let bulk = try await writing(deferringBulkDurability: true) {}.bulk
        if case .awaitingDisk(let token) = bulk {
            bulkDurability.finishInBackground(token, layout: layout, files: files, locks: locks)
        }
    }

    private func writing<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await writing(deferringBulkDurability: false, body).result
    }

    /// Runs `body` under the exclusive lock once whatever a crashed writer left is finished or
    /// undone; also says what recovering left of a bulk creation.
    private func writing<T: Sendable>(
        deferringBulkDurability: Bool, _ body: () async throws -> T
    ) async throws -> (result: T, bulk: BulkTransaction.Recovery) {
        do {
            try files.createDirectory(layout.root)
        } catch {
            throw NoteStoreError.unavailable("cannot create the data directory: \(error)")
        }
        return try await locks.withLock(at: layout.lock, exclusive: true) {
            let bulk = try BulkTransaction(layout: layout, files: files).recover(deferringDurability: deferringBulkDurability)
            try WriteTransaction(layout: layout, files: files).recover()
            return (try await body(), bulk)
        }
    }

    /// Whether a writer died part way: then readers wait for a writer to `recover` first.
    private var needsRecovery: Bool {
        WriteTransaction(layout: layout, files: files).hasUnfinishedCommit
            || BulkTransaction(layout: layout, files: files).hidesReadersFromItsNotes
    }

    private func check(_ write: NoteWrite) throws {
        switch write {
        case .create(let note):
            if files.exists(layout.note(note.id)) { throw NoteStoreError.alreadyExists(note.id) }
        case .update(let note, let expected):
            guard let current = try readNote(note.id) else { throw NoteStoreError.notFound(note.id) }
            guard current.revision == expected else {
                throw NoteStoreError.revisionConflict(note.id, expected: expected, actual: current.revision)
            }
        }
    }

    func readNote(_ id: NoteID) throws -> Note? {
        try readNoteData(id).map { try decodeNote($0, id: id) }
    }

    /// The revision of the note's file, read without decoding its text when the file is canonical.
    private func readRevision(_ id: NoteID) throws -> Int? {
        guard let data = try readNoteData(id) else { return nil }
        return try NoteJSON.revision(in: data) ?? decodeNote(data, id: id).revision
    }

    private func readNoteData(_ id: NoteID) throws -> Data? {
        do {
            return try files.read(layout.note(id))
        } catch .notFound {
            return nil
        }
    }

    private func decodeNote(_ data: Data, id: NoteID) throws -> Note {
        do {
            return try NoteJSON.decode(data)
        } catch {
            throw NoteStoreError.corrupt(location: layout.note(id), reason: error.description)
        }
    }

    /// The index; rewritten afterwards if it had to be rebuilt or has grown too long.
    /// A rebuild that met unreadable notes is not saved, so they keep being reported.
    func maintainedIndex() async throws -> (SummaryIndex, [StoreProblem]) {
        let (index, problems, rebuilt) = try await reading { () throws -> (SummaryIndex, [StoreProblem], Bool) in
            if let index = try SummaryIndex.load(from: layout.index, files: files) { return (index, [], false) }
            let (index, problems) = try rebuildIndex()
            return (index, problems, true)
        }
        if (rebuilt && problems.isEmpty && files.exists(layout.notes)) || index.needsCompaction {
            try await writing {
                // Re-read under the exclusive lock: another writer may have appended meanwhile.
                let (fresh, freshProblems) = try loadIndex()
                if freshProblems.isEmpty {
                    try JournalGeneration(layout: layout, files: files).advance()
                    try files.write(fresh.serialized(), to: layout.index)
                }
            }
        }
        return (index, problems)
    }

    /// The index, rebuilt from the note files if it is missing or damaged.
    private func loadIndex() throws -> (SummaryIndex, [StoreProblem]) {
        if let index = try SummaryIndex.load(from: layout.index, files: files) { return (index, []) }
        return try rebuildIndex()
    }

    private func rebuildIndex() throws -> (SummaryIndex, [StoreProblem]) {
        var summaries: [NoteID: NoteSummary] = [:]
        var problems: [StoreProblem] = []
        let names: [String]
        do {
            names = try files.contents(ofDirectory: layout.notes)
        } catch .notFound {
            names = []
        }
        for name in names where name.hasSuffix(".json") {
            guard let id = NoteID(String(name.dropLast(5))) else { continue }
            do {
                if let note = try readNote(id) { summaries[id] = note.summary }
            } catch let error as NoteStoreError {
                guard case .corrupt(let location, let reason) = error else { throw error }
                problems.append(StoreProblem(location: location, reason: reason, note: id))
            }
        }
        return (SummaryIndex(summaries: Array(summaries.values), lineCount: summaries.count), problems)
    }
}
