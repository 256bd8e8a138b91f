import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// Makes a bulk creation (`NoteStore.createInBulk`) all-or-nothing with an undo log, so that
/// an import of any size writes each note once, straight into `notes/`, without holding the
/// batch in memory.
///
/// For each chunk: its IDs are appended durably to the undo log `txn/BULK`, then its note
/// files are created (not yet durable) and its index lines written to a summary chunk. To
/// commit, `BULK-COMMIT` (the commit point) is written, naming the epoch the files were
/// written in, and the batch returns without waiting for the disk: an import takes as long as
/// `tar -xzf` takes, which does not wait either. The next command finishes it:
///
/// - A writer, if the machine has not restarted since, makes every file durable with one
///   `synchronize`; then rolling forward appends the summary chunks to the index, marks local
///   notes pending, records the import, and removes the undo log before the commit record.
/// - A reader does not wait for the disk. It journals the batch (the same appends), writes
///   `BULK-JOURNALED` with a token of its own, and reads on, leaving the files to the kernel's
///   writeback; if it is still running once the kernel has had time for that, the store makes
///   them durable and finishes the batch if that token still names it (`BulkDurability`).
///   Otherwise the next writer finishes it.
///
/// The histories of notes the batch adds (`BulkHistories`) are listed durably and created
/// unsynced in the same way, and undone or checked with them.
///
/// A crash before the commit point leaves an undo log without `BULK-COMMIT`: `recover` deletes
/// the notes it lists (they did not exist before; the exclusive lock saw to that). A crash of
/// the process after it loses nothing (the kernel still holds the files) and is rolled
/// forward; every step of that is idempotent (a summary or pending line appended twice reads
/// as one). A restart of the machine before the files were durable may have lost some of them:
/// then `recover` reads every note the undo log lists and keeps the batch only if all are whole
/// (writing their index lines afresh, unless journaled already), else undoes it entirely,
/// first taking back whatever of it was journaled (index, pending marks, the import's record).
/// So a power cut just after an import can undo it, as it can undo the last
/// transactions of a database that syncs lazily, but never leaves half of it.
struct BulkTransaction: Sendable {
    let layout: StoreLayout
    let files: any FileAccessing

    func begin() throws {
        try files.createDirectory(layout.transactions)
        try removeIfPresent(layout.bulkJournaled)
        try files.createDirectory(layout.notes)
    }

    /// The files of one chunk of new notes, ready to create.
    struct PreparedChunk: Sendable {
        let documents: [(path: String, data: Data)]
        let summaries: (path: String, data: Data)?
    }

    /// Encodes one chunk of new notes, whose IDs the caller has checked are free, and appends
    /// their IDs durably to the undo log: after this, `create` may put them on disk.
    func prepare(_ notes: [Note], chunk: Int) throws -> PreparedChunk {
        let documents = notes.map { (path: layout.note($0.id), data: NoteJSON.encode($0)) }
        var summaryLines: [UInt8] = [], idLines: [UInt8] = []
        for index in notes.indices {
            IndexLine.append(notes[index].summary, to: &summaryLines)
            idLines.append(contentsOf: notes[index].id.rawValue.utf8)
            idLines.append(0x0a)
        }
        try files.append(Data(idLines), to: layout.bulkCreated)
        return PreparedChunk(documents: documents, summaries: (layout.bulkSummaries(chunk), Data(summaryLines)))
    }

    /// Creates a prepared chunk's note files (not yet durable) and its summary chunk.
    func create(_ chunk: PreparedChunk) throws {
        try files.createUnsynced(chunk.documents)
        if let summaries = chunk.summaries { try files.createUnsynced([summaries]) }
    }

    /// The histories of notes this batch added, listed durably (`BulkHistories`), as files to create.
    func prepareHistories(_ histories: [[NoteRevision]]) throws -> PreparedChunk {
        PreparedChunk(documents: try bulkHistories.prepare(histories), summaries: nil)
    }

    var bulkHistories: BulkHistories { BulkHistories(layout: layout, files: files) }

    /// Writes the commit point. When `filesAreDurable` (the caller made them so), or without an
    /// epoch to name (the system cannot tell a restart, and the files are made durable first),
    /// the batch is rolled forward at once.
    func commit(origin: WriteOrigin, filesAreDurable: Bool) throws {
        let epoch = filesAreDurable ? nil : files.unsyncedWritesEpoch()
        if epoch == nil, !filesAreDurable { try files.synchronize(layout.root) }
        try files.write(Data(BulkCommitRecord(origin: origin, unsyncedEpoch: epoch).text.utf8), to: layout.bulkCommitRecord)
        if epoch == nil {
            try appendToJournals(origin: origin)
            try finish()
        }
    }

    /// Creates `notes`, whose IDs the caller has checked are free, as one chunk, durable and in
    /// the index when it returns: what `WriteTransaction` does for new notes, without staging
    /// each one and renaming it into place (a page of a first pull, a thousand renames in a
    /// directory of every note). The files are created durably (`createAll`, which sets the disk
    /// going while it creates them) before the commit point. Failing before that point, the
    /// batch is undone here or, if that fails too, by the next writer's `recover`; after it,
    /// `recover` finishes it.
    func createDurably(_ notes: [Note], origin: WriteOrigin) throws {
        try begin()
        do {
            let chunk = try prepare(notes, chunk: 1)
            try files.createAll(chunk.documents + (chunk.summaries.map { [$0] } ?? []))
        } catch {
            try? rollBack()
            throw error
        }
        try commit(origin: origin, filesAreDurable: true)
    }

    /// Deletes every history and note the undo log lists and the summary chunks, then the log
    /// itself, last: killed at any step, what is left is undone again by the next `recover`,
    /// and nothing is left under a name the next bulk creation writes. Each step does nothing
    /// when its files are gone. Call with the exclusive lock held.
    func rollBack() throws {
        try bulkHistories.removeLogs()
        for chunk in try summaryChunks() { try files.remove(chunk) }
        try forEachCreatedID { id in try removeIfPresent(layout.note(id)) }
        try removeIfPresent(layout.bulkCreated)
    }

    /// What `recover` left to do.
    enum Recovery: Equatable, Sendable {
        /// Nothing: there was no batch, or it is finished or undone.
        case done
        /// The batch is journaled, so readers see its notes, and waits for its files to reach
        /// the disk; once they have, `finish(journaled:)` with this token ends it.
        case awaitingDisk(token: String)
    }

    /// Finishes a committed bulk creation or undoes an uncommitted one. Call with the exclusive
    /// lock held. `deferringDurability` (for a reader): a committed batch whose files may not be
    /// durable yet is only journaled, and the result says what is left.
    func recover(deferringDurability: Bool = false) throws -> Recovery {
        guard let record = commitRecord() else {
            // Also when the undo log is gone: a store an earlier release left part way through
            // an undo may still hold summary chunks.
            try rollBack()
            try removeIfPresent(layout.bulkJournaled)
            return .done
        }
        let journaled = journaledToken()
        if let epoch = record.unsyncedEpoch {
            if epoch != files.unsyncedWritesEpoch() {
                guard try notesAreWhole(summarizing: journaled == nil) else {
                    // Journaling may have begun even without its mark (which comes last).
                    try takeBackFromJournals(origin: record.origin)
                    try rollBack()
                    try removeIfPresent(layout.bulkJournaled)
                    try files.remove(layout.bulkCommitRecord)
                    return .done
                }
            } else if deferringDurability {
                if let journaled { return .awaitingDisk(token: journaled) }
                try appendToJournals(origin: record.origin)
                let token = String(UInt64.random(in: 1...UInt64.max), radix: 16)
                try files.write(Data(token.utf8), to: layout.bulkJournaled)
                return .awaitingDisk(token: token)
            }
            try files.synchronize(layout.root)
        }
        if journaled == nil { try appendToJournals(origin: record.origin) }
        try finish()
        return .done
    }

    /// Ends the batch journaled under `token`, whose files the caller has made durable since;
    /// `false` if that batch is no longer waiting (another process finished it, and perhaps
    /// began another). Call with the exclusive lock held.
    func finish(journaled token: String) throws -> Bool {
        guard journaledToken() == token, commitRecord() != nil else { return false }
        try finish()
        return true
    }

    /// Whether readers must wait for `recover`: while the undo log exists its notes are
    /// uncommitted, or committed but not yet in the index, or journaled before a restart that
    /// may have lost some of them. (A commit record without it has only clean-up left.)
    var hidesReadersFromItsNotes: Bool {
        guard files.exists(layout.bulkCreated) else { return false }
        guard files.exists(layout.bulkJournaled), let record = commitRecord() else { return true }
        return record.unsyncedEpoch != files.unsyncedWritesEpoch()
    }

    private func commitRecord() -> BulkCommitRecord? {
        guard let data = try? files.read(layout.bulkCommitRecord), let text = String(data: data, encoding: .utf8) else { return nil }
        return BulkCommitRecord(text)
    }

    private func journaledToken() -> String? {
        (try? files.read(layout.bulkJournaled)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the batch's summary chunks to the index, marks local notes pending and records
    /// the import, streaming a few chunks and the undo log's lines at a time, so that
    /// committing 100,000 notes does not gather them in memory.
    private func appendToJournals(origin: WriteOrigin) throws {
        if !files.exists(layout.index) {
            try JournalGeneration(layout: layout, files: files).advance()
            try files.append(Data((IndexLine.header + "\n").utf8), to: layout.index)
        }
        var lines = BatchedAppend(to: layout.index, files: files)
        for chunk in try summaryChunks() { try lines.add(try files.read(chunk)) }
        try lines.finish()
        if origin.isLocal, files.exists(layout.bulkCreated) {
            try PendingJournal(path: layout.pending, files: files).markPending(idLinesAt: layout.bulkCreated)
        }
        if case .imported(let importID) = origin.revisionOrigin, files.exists(layout.bulkCreated) {
            try files.createDirectory(layout.imports)
            try files.write(try files.read(layout.bulkCreated) + bulkHistories.importRecordLines(), to: layout.importRecord(importID))
        }
    }

    /// Takes what `appendToJournals` may have written of the batch back out, before its notes
    /// are deleted: the index is rewritten without them under a new generation (so search
    /// indexes start over and forget them), their pending marks are cleared and the import's
    /// record goes. Each step is skipped when there is nothing of the batch to take.
    private func takeBackFromJournals(origin: WriteOrigin) throws {
        var ids = Set<NoteID>()
        try forEachCreatedID { ids.insert($0) }
        if let index = try SummaryIndex.load(from: layout.index, files: files), index.summaries.contains(where: { ids.contains($0.id) }) {
            let kept = index.summaries.filter { !ids.contains($0.id) }
            try JournalGeneration(layout: layout, files: files).advance()
            try files.write(SummaryIndex(summaries: kept, lineCount: kept.count).serialized(), to: layout.index)
        }
        if origin.isLocal { try PendingJournal(path: layout.pending, files: files).markAcknowledged(Array(ids)) }
        if case .imported(let importID) = origin.revisionOrigin { try removeIfPresent(layout.importRecord(importID)) }
    }

    /// Ends a journaled batch. The undo log goes first: once it is gone nothing can undo the
    /// committed notes.
    private func finish() throws {
        try removeIfPresent(layout.bulkCreated)
        try bulkHistories.removeList()
        for chunk in try summaryChunks() { try files.remove(chunk) }
        try removeIfPresent(layout.bulkJournaled)
        try files.remove(layout.bulkCommitRecord)
    }

    /// After a restart that may have lost files written unsynced: reads every note the undo log
    /// lists, and, when `summarizing`, writes the summary chunks again from them (durably; the
    /// old ones may be lost too). `false` at the first note that is missing, damaged or not the
    /// note it should be.
    private func notesAreWhole(summarizing: Bool) throws -> Bool {
        if summarizing {
            for chunk in try summaryChunks() { try files.remove(chunk) }
        }
        var whole = true, lines = "", count = 0, chunk = 0
        func flush() throws {
            guard summarizing, count > 0 else { return }
            chunk += 1
            try files.write(Data(lines.utf8), to: layout.bulkSummaries(chunk))
            lines = ""
            count = 0
        }
        try forEachCreatedID { id in
            guard whole else { return }
            guard let data = try? files.read(layout.note(id)), let note = try? NoteJSON.decode(data), note.id == id else {
                whole = false
                return
            }
            guard summarizing else { return }
            lines += IndexLine.encode(note.summary)
            count += 1
            if count == Self.notesPerSummaryChunk { try flush() }
        }
        guard whole, try bulkHistories.areWhole() else { return false }
        try flush()
        return true
    }

    private static let notesPerSummaryChunk = 500

    /// Calls `body` with each ID of the undo log. A last line cut short by a crash is skipped:
    /// its chunk's files were not created (the log is appended durably before them).
    private func forEachCreatedID(_ body: (NoteID) throws -> Void) throws {
        guard files.exists(layout.bulkCreated) else { return }
        try IDLines.forEach(inFile: layout.bulkCreated, files: files, body)
    }

    private func summaryChunks() throws -> [String] {
        guard files.exists(layout.transactions) else { return [] }
        return try files.contents(ofDirectory: layout.transactions).filter { $0.hasPrefix(StoreLayout.bulkSummariesPrefix) }.sorted().map { layout.transactions + "/" + $0 }
    }

    private func removeIfPresent(_ path: String) throws {
        if files.exists(path) { try files.remove(path) }
    }
}
