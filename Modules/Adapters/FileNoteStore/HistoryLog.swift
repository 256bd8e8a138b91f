import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// One note's earlier revisions: `<root>/history/<id>.log`, oldest first, one JSON record a line.
///
/// A record is the revision a write replaced, written when it is replaced (docs/history.md):
///
/// ```
/// {"r":4,"u":1764000000000,"t":"Old title","g":["a"],"d":1,"x":[[0,49],"old line\n",[50,50]],"o":"edit"}
/// ```
///
/// `r` its revision, `u` when it was written (milliseconds), `t` and `g` its title and tags when
/// they differ from the revision that replaced it, `d` if it was a tombstone, `x` its body as a
/// `LineDelta` from the replacing body (`[start,count]` copies lines of it, a string is inserted)
/// or `b` its body whole (every `keyframeInterval`th record), and `o` the origin of the revision
/// that replaced it. A line without its line end (torn by a power cut) is not a record.
struct HistoryLog: Sendable {
    /// Every this-many records, a body is kept whole instead of as a delta.
    static let keyframeInterval = 128

    let path: String
    let files: any FileAccessing

    /// Appends the record of `replaced`, which `replacing` (written with `origin`) replaces,
    /// unless the log already has it (a roll forward repeated after a crash) or the two say the
    /// same (the server's revision number taken after a push).
    func append(replaced: Note, replacing: Note, origin: RevisionOrigin) throws {
        guard !replaced.hasSameContent(as: replacing) else { return }
        let existing = try complete()
        if let last = existing.lines.last, let record = try? HistoryRecord.decode(last), record.revision >= replaced.revision {
            return
        }
        let whole = (existing.lines.count + 1) % Self.keyframeInterval == 0
        let line = HistoryRecord.encode(replaced, replacing: replacing, origin: origin, whole: whole)
        if existing.torn {
            try files.write(Data((existing.lines.map { $0 + "\n" }.joined() + line).utf8), to: path)
        } else {
            try files.append(Data(line.utf8), to: path)
        }
    }

    /// Every revision, newest first: `current`, then each record's, rebuilt from the newer one.
    func revisions(current: Note) throws -> [NoteRevision] {
        let records = try complete().lines.map { line in
            do {
                return try HistoryRecord.decode(line)
            } catch {
                throw NoteStoreError.corrupt(location: path, reason: "a record cannot be read: \(error)")
            }
        }
        var revisions = [NoteRevision(note: current, origin: records.last?.replacingOrigin ?? .created)]
        var newer = current
        for (index, record) in records.enumerated().reversed() {
            guard let older = record.note(before: newer) else {
                throw NoteStoreError.corrupt(location: path, reason: "revision \(record.revision) cannot be rebuilt")
            }
            revisions.append(NoteRevision(note: older, origin: index > 0 ? records[index - 1].replacingOrigin : .created))
            newer = older
        }
        return revisions
    }

    /// The log's complete lines, and whether a torn line followed them.
    private func complete() throws -> (lines: [String], torn: Bool) {
        guard let data = try contents() else { return ([], false) }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let torn = !(lines.last?.isEmpty ?? true)
        lines.removeLast()
        return (lines.filter { !$0.isEmpty }, torn)
    }

    private func contents() throws -> Data? {
        do {
            return try files.read(path)
        } catch .notFound {
            return nil
        }
    }
}
