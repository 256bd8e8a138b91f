import Foundation
import FileSystemInterface
import QuillModels

/// The histories a bulk creation adds (an archive exported with its history): each note's log,
/// and the list `txn/BULK-HISTORY` that names them.
///
/// The list has one line per log, `ID UPDATED BYTES` (the note's time in milliseconds), appended durably before the log is
/// created, so that undoing the batch can find every log it created, and the check after a
/// restart can tell a log that the machine lost (wrong size) from one that is whole. Rolling
/// forward copies `ID UPDATED` to the import's record: a note whose revision is still that
/// time's is unchanged since the import (a push renumbers it, so the number cannot tell).
struct BulkHistories: Sendable {
    let layout: StoreLayout
    let files: any FileAccessing

    /// One line of the list.
    struct Entry {
        let id: NoteID
        let updated: Int64
        let bytes: Int64
    }

    /// Encodes each history's log and lists them durably: after this, `create` may write them.
    func prepare(_ histories: [[NoteRevision]]) throws -> [(path: String, data: Data)] {
        try files.createDirectory(layout.history)
        var lines = ""
        let logs = histories.map { history in
            let current = history[0].note
            let data = Data(RevisionRecord.log(of: history).utf8)
            lines += "\(current.id) \(current.updated.millisecondsSince1970) \(data.count)\n"
            return (path: layout.history(current.id), data: data)
        }
        try files.append(Data(lines.utf8), to: layout.bulkHistories)
        return logs
    }

    /// Calls `body` with each complete line of the list.
    func forEach(_ body: (Entry) throws -> Void) throws {
        guard files.exists(layout.bulkHistories) else { return }
        try FileLines.forEach(inFile: layout.bulkHistories, files: files) { line in
            let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
            if fields.count == 3, let id = NoteID(String(fields[0])), let updated = Int64(fields[1]), let bytes = Int64(fields[2]) {
                try body(Entry(id: id, updated: updated, bytes: bytes))
            }
            return true
        }
    }

    /// Whether every listed log is on disk with its size (after a restart that may have lost it).
    func areWhole() throws -> Bool {
        var whole = true
        try forEach { entry in
            if whole, (try? files.read(layout.history(entry.id)).count).map({ Int64($0) }) != entry.bytes { whole = false }
        }
        return whole
    }

    /// The lines the import's record gains: `ID UPDATED` for each note that came with history.
    func importRecordLines() throws -> Data {
        var lines = ""
        try forEach { lines += "\($0.id) \($0.updated)\n" }
        return Data(lines.utf8)
    }

    /// Deletes every listed log, then the list.
    func removeLogs() throws {
        try forEach { entry in
            if files.exists(layout.history(entry.id)) { try files.remove(layout.history(entry.id)) }
        }
        try removeList()
    }

    func removeList() throws {
        if files.exists(layout.bulkHistories) { try files.remove(layout.bulkHistories) }
    }
}
