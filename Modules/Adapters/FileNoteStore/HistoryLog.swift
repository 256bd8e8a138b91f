import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// One note's earlier revisions: `<root>/history/<id>.log`, oldest first, one `RevisionRecord`
/// a line. A line without its line end (torn by a power cut) is not a record.
struct HistoryLog: Sendable {
    let path: String
    let files: any FileAccessing

    /// Appends the record of `replaced`, which `replacing` (written with `origin`) replaces,
    /// unless the log already ends with it (a roll forward repeated after a crash) or the two say
    /// the same (the server's revision number taken after a push).
    func append(replaced: Note, replacing: Note, origin: RevisionOrigin) throws {
        guard !replaced.hasSameContent(as: replacing) else { return }
        let existing = try complete()
        if let last = existing.lines.last, let record = try? RevisionRecord.decode(last), record.keeps(replaced) {
            return
        }
        let whole = (existing.lines.count + 1) % RevisionRecord.keyframeInterval == 0
        let line = RevisionRecord.encode(replaced, replacing: replacing, origin: origin, mergeAncestor: nil, whole: whole)
        if existing.torn {
            try files.write(Data((existing.lines.map { $0 + "\n" }.joined() + line).utf8), to: path)
        } else {
            try files.append(Data(line.utf8), to: path)
        }
    }

    /// Every revision, newest first: `current`, then each record's, rebuilt from the newer one.
    func revisions(current: Note) throws -> [NoteRevision] {
        let records = try self.records(complete().lines)
        guard let revisions = RevisionRecord.revisions(current: current, records: records) else {
            throw NoteStoreError.corrupt(location: path, reason: "an earlier revision cannot be rebuilt from the one after it")
        }
        return revisions
    }

    /// Drops the oldest records `retention` does not keep (the log is replaced atomically, or
    /// removed when none is left); returns how many it dropped, or with `dryRun` would drop.
    func prune(_ retention: HistoryRetention, current: Note, now: Date, dryRun: Bool) throws -> Int {
        let lines = try complete().lines
        let dropped = retention.droppedCount(times: try records(lines).map(\.date) + [current.updated], now: now)
        guard dropped > 0, !dryRun else { return dropped }
        if dropped == lines.count {
            try files.remove(path)
        } else {
            try files.write(Data(lines.dropFirst(dropped).map { $0 + "\n" }.joined().utf8), to: path)
        }
        return dropped
    }

    private func records(_ lines: [String]) throws -> [RevisionRecord] {
        try lines.map { line in
            do {
                return try RevisionRecord.decode(line)
            } catch {
                throw NoteStoreError.corrupt(location: path, reason: "a record cannot be read: \(error)")
            }
        }
    }

    /// The log's complete lines, and whether a torn line followed them.
    private func complete() throws -> (lines: [String], torn: Bool) {
        guard let data = try contents() else { return ([], false) }
        var lines: [String] = []
        let end = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
            var start = 0
            while start < bytes.count, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if newline > start { lines.append(String(decoding: bytes[start..<newline], as: UTF8.self)) }
                start = newline + 1
            }
            return start
        }
        return (lines, end < data.count)
    }

    private func contents() throws -> Data? {
        do {
            return try files.read(path)
        } catch .notFound {
            return nil
        }
    }
}
