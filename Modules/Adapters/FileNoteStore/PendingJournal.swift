import Foundation
import FileSystemInterface
import QuillModels

/// The journal of local writes a sync server has not acknowledged yet.
///
/// Lines are `+<id>`, one per local write (`-<id>` lines, acknowledgements that earlier
/// versions appended, are still honoured); replaying them gives the pending set in
/// first-written order. Appends are written inside the same transaction as the notes they
/// describe, so a note is never changed without being marked. Each acknowledgement rewrites
/// the journal (atomically) as just the notes still pending, so it stays as small as the
/// pending set for anyone who syncs.
struct PendingJournal: Sendable {
    let path: String
    let files: any FileAccessing

    func load() throws(FileSystemError) -> [NoteID] {
        let data: Data
        do {
            data = try files.read(path)
        } catch .notFound {
            return []
        }
        var order: [NoteID] = []
        var pending = Set<NoteID>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let mark = line.first, let id = NoteID(String(line.dropFirst())) else { continue }
            if mark == "+", pending.insert(id).inserted { order.append(id) }
            if mark == "-" { pending.remove(id) }
        }
        var seen = Set<NoteID>()
        return order.filter { pending.contains($0) && seen.insert($0).inserted }
    }

    func markPending(_ ids: [NoteID]) throws(FileSystemError) {
        guard !ids.isEmpty else { return }
        try files.append(Data(ids.map { "+\($0.rawValue)\n" }.joined().utf8), to: path)
    }

    /// Marks the IDs of an `IDLines` file pending, a few MiB of marks per durable append: for
    /// the undo log of a bulk creation, which lists every imported note.
    func markPending(idLinesAt idLines: String) throws {
        var marks = BatchedAppend(to: path, files: files)
        try IDLines.forEach(inFile: idLines, files: files) { id in try marks.add("+\(id.rawValue)\n".utf8) }
        try marks.finish()
    }

    func markAcknowledged(_ ids: [NoteID]) throws(FileSystemError) {
        guard !ids.isEmpty else { return }
        let acknowledged = Set(ids)
        let remaining = try load().filter { !acknowledged.contains($0) }
        try files.write(Data(remaining.map { "+\($0.rawValue)\n" }.joined().utf8), to: path)
    }
}
