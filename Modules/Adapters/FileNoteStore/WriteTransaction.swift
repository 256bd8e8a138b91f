import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// Makes a batch of note writes all-or-nothing on a plain file system, with a redo log.
///
/// 1. every new document is created in `txn/`, made durable as one batch (`createAll`);
/// 2. the COMMIT record (origin and IDs) is written durably: this is the commit point;
/// 3. each replaced note is appended to its history (`HistoryLog`), staged documents are
///    renamed over the notes, summaries appended to the index, local writes marked pending, and
///    the COMMIT record removed.
///
/// A crash before 2 leaves only staged files, whole or torn, which `recover` discards; a crash
/// after 2 is rolled forward by `recover`, which repeats step 3 (each part of it is idempotent).
/// History is appended before the renames, so the replaced document is still there whenever it
/// is repeated. A committing writer knows which notes it creates, so it looks for no replaced
/// document of those: a new note costs one file created and one rename, as `rsync` pays. (A
/// page of new notes from the server skips the rename: `BulkTransaction.createDurably`.)
struct WriteTransaction: Sendable {
    let layout: StoreLayout
    let files: any FileAccessing

    /// Writes checked writes: each `.create` names a note that does not exist.
    func commit(_ writes: [NoteWrite], origin: WriteOrigin) throws {
        let notes = writes.map(\.note)
        try files.createDirectory(layout.transactions)
        try files.createDirectory(layout.notes)
        try files.createAll(notes.map { (layout.staged($0.id), NoteJSON.encode($0)) })
        let record = CommitRecord(origin: origin, ids: notes.map(\.id))
        try files.write(record.serialized(), to: layout.commitRecord)
        for case .update(let note, _) in writes {
            try appendHistory(replacing: note, origin: origin)
        }
        try files.moveAll(notes.map { (layout.staged($0.id), layout.note($0.id)) })
        try finish(record, summaries: notes.map(\.summary))
    }

    /// Finishes or discards whatever a crashed writer left behind, leaving a bulk creation's files
    /// to it (a reader may recover this while a bulk creation waits for the disk). Call with the
    /// exclusive lock held.
    func recover() throws {
        guard files.exists(layout.transactions) else { return }
        if let data = try? files.read(layout.commitRecord), let record = CommitRecord(data) {
            let staged = record.ids.filter { files.exists(layout.staged($0)) }
            for id in staged {
                guard let replacing = try? NoteJSON.decode(files.read(layout.staged(id))) else { continue }
                try appendHistory(replacing: replacing, origin: record.origin)
            }
            try files.moveAll(staged.map { (layout.staged($0), layout.note($0)) })
            let summaries = record.ids.compactMap { id in
                (try? NoteJSON.decode(files.read(layout.note(id))))?.summary
            }
            try finish(record, summaries: summaries)
        }
        for name in try files.contents(ofDirectory: layout.transactions) where !StoreLayout.isBulkCreationFile(name) {
            try files.remove(layout.transactions + "/" + name)
        }
    }

    var hasUnfinishedCommit: Bool { files.exists(layout.commitRecord) }

    /// The history record of the note `replacing` is about to replace, if there is one.
    private func appendHistory(replacing: Note, origin: WriteOrigin) throws {
        guard let replaced = try? NoteJSON.decode(files.read(layout.note(replacing.id))) else { return }
        try files.createDirectory(layout.history)
        try HistoryLog(path: layout.history(replacing.id), files: files)
            .append(replaced: replaced, replacing: replacing, origin: origin.revisionOrigin)
    }

    private func finish(_ record: CommitRecord, summaries: [NoteSummary]) throws {
        if !files.exists(layout.index) {
            try JournalGeneration(layout: layout, files: files).advance()
            try files.append(Data((IndexLine.header + "\n").utf8), to: layout.index)
        }
        try files.append(Data(summaries.map(IndexLine.encode).joined().utf8), to: layout.index)
        if record.origin.isLocal {
            try PendingJournal(path: layout.pending, files: files).markPending(record.ids)
        }
        try files.remove(layout.commitRecord)
    }
}

/// The commit point of a `WriteTransaction`: which notes it writes and where they came from.
///
/// The first line is `local` or `remote`, followed by the origin its revisions show in history
/// when that is not the usual one (`local restore:3`).
struct CommitRecord: Sendable {
    let origin: WriteOrigin
    let ids: [NoteID]

    init(origin: WriteOrigin, ids: [NoteID]) {
        self.origin = origin
        self.ids = ids
    }

    init?(_ data: Data) {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let first = lines.first, lines.last == "end" else { return nil }
        let words = first.split(separator: " ").map(String.init)
        guard let kind = words.first, kind == "local" || kind == "remote", words.count <= 2 else { return nil }
        let isLocal = kind == "local"
        let usual: WriteOrigin = isLocal ? .local : .remote
        guard let revisionOrigin = words.count == 2 ? RevisionOrigin(words[1]) : usual.revisionOrigin else { return nil }
        let ids = lines.dropFirst().dropLast().compactMap { NoteID(String($0)) }
        guard ids.count == lines.count - 2 else { return nil }
        self.init(origin: WriteOrigin(isLocal: isLocal, revisionOrigin: revisionOrigin), ids: ids)
    }

    func serialized() -> Data {
        let usual: WriteOrigin = origin.isLocal ? .local : .remote
        let first = (origin.isLocal ? "local" : "remote") + (origin == usual ? "" : " " + origin.revisionOrigin.description)
        let text = first + "\n" + ids.map { $0.rawValue + "\n" }.joined() + "end\n"
        return Data(text.utf8)
    }
}
