import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// Makes a batch of note writes all-or-nothing on a plain file system, with a redo log.
///
/// 1. every new document is staged in `txn/`, made durable as one batch (`writeAll`);
/// 2. the COMMIT record (origin and IDs) is written durably: this is the commit point;
/// 3. staged documents are renamed over the notes, summaries appended to the index, local
///    writes marked pending, and the COMMIT record removed.
///
/// A crash before 2 leaves only staged files, which `recover` discards; a crash after 2 is
/// rolled forward by `recover`, which repeats step 3 (each part of it is idempotent).
struct WriteTransaction: Sendable {
    let layout: StoreLayout
    let files: any FileAccessing

    func commit(_ notes: [Note], origin: WriteOrigin) throws {
        try files.createDirectory(layout.transactions)
        try files.createDirectory(layout.notes)
        try files.writeAll(notes.map { (layout.staged($0.id), NoteJSON.encode($0)) })
        let record = CommitRecord(origin: origin, ids: notes.map(\.id))
        try files.write(record.serialized(), to: layout.commitRecord)
        try rollForward(record, summaries: notes.map(\.summary))
    }

    /// Finishes or discards whatever a crashed writer left behind. Call with the exclusive lock held.
    func recover() throws {
        guard files.exists(layout.transactions) else { return }
        if let data = try? files.read(layout.commitRecord), let record = CommitRecord(data) {
            try moveStaged(record.ids)
            let summaries = record.ids.compactMap { id in
                (try? NoteJSON.decode(files.read(layout.note(id))))?.summary
            }
            try rollForward(record, summaries: summaries)
        }
        for name in try files.contents(ofDirectory: layout.transactions) {
            try files.remove(layout.transactions + "/" + name)
        }
    }

    var hasUnfinishedCommit: Bool { files.exists(layout.commitRecord) }

    private func moveStaged(_ ids: [NoteID]) throws {
        try files.moveAll(ids.filter { files.exists(layout.staged($0)) }.map { (layout.staged($0), layout.note($0)) })
    }

    private func rollForward(_ record: CommitRecord, summaries: [NoteSummary]) throws {
        try moveStaged(record.ids)
        if !files.exists(layout.index) {
            try JournalGeneration(layout: layout, files: files).advance()
            try files.append(Data((IndexLine.header + "\n").utf8), to: layout.index)
        }
        try files.append(Data(summaries.map(IndexLine.encode).joined().utf8), to: layout.index)
        if record.origin == .local {
            try PendingJournal(path: layout.pending, files: files).markPending(record.ids)
        }
        try files.remove(layout.commitRecord)
    }
}

/// The commit point of a `WriteTransaction`: which notes it writes and where they came from.
struct CommitRecord: Sendable {
    let origin: WriteOrigin
    let ids: [NoteID]

    init(origin: WriteOrigin, ids: [NoteID]) {
        self.origin = origin
        self.ids = ids
    }

    init?(_ data: Data) {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let first = lines.first, first == "local" || first == "remote", lines.last == "end" else { return nil }
        let ids = lines.dropFirst().dropLast().compactMap { NoteID(String($0)) }
        guard ids.count == lines.count - 2 else { return nil }
        self.init(origin: first == "local" ? .local : .remote, ids: ids)
    }

    func serialized() -> Data {
        let text = (origin == .local ? "local" : "remote") + "\n" + ids.map { $0.rawValue + "\n" }.joined() + "end\n"
        return Data(text.utf8)
    }
}
