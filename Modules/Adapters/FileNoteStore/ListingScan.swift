import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels
import Synchronization

/// A listing that shows a few notes (`list -n 1`, `list -t TAG`, the trash), read from the
/// summary journal without decoding every line.
///
/// One pass over the journal's bytes finds the last line of each note (`LatestLineTable`); of
/// those lines only the deletion flag, the update time and (for a tag) the tags are read where
/// they stand (`IndexLineFields`), and only the lines of the notes listed are decoded: not a
/// summary, a string and an allocation per note, which at 100,000 notes cost a quarter of a
/// second (`Tools/benchmarks/commands.sh`).
struct ListingScan {
    let query: NoteQuery
    /// A journal at least this large is scanned in two parts at once (each part on a core).
    var parallelBytes = 1 << 20

    /// What the scan found, and whether the journal has grown long enough to be rewritten.
    struct Result {
        let summaries: [NoteSummary]
        let needsCompaction: Bool
    }

    /// The listing; `nil` if the journal is missing or is not one (the caller reads it whole,
    /// which rebuilds a damaged one).
    func run(path: String, files: any FileAccessing) throws(FileSystemError) -> Result? {
        do {
            return try files.withContents(of: path) { raw in scan(raw.bindMemory(to: UInt8.self)) }
        } catch .notFound {
            return nil
        }
    }

    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Result? {
        guard let journal = JournalBytes(bytes) else { return nil }
        let parts = journal.parts(bytes.count >= parallelBytes ? 2 : 1)
        let scanned = Self.concurrently(parts.count) { PartLines(journal, parts[$0]) }
        guard let scanned = scanned as? [PartLines] else { return nil }
        let chosen = Self.concurrently(parts.count) { candidates(in: scanned[$0], supersededBy: scanned[($0 + 1)...], journal: journal) }
        guard let chosen = chosen as? [(Newest, notes: Int)] else { return nil }
        var newest = Newest(limit: query.limit, journal: journal)
        for part in chosen { for candidate in part.0.kept { newest.offer(candidate) } }
        var summaries: [NoteSummary] = []
        for candidate in newest.kept {
            guard let summary = IndexLine.decode(journal.slice(candidate.line)) else { return nil }
            summaries.append(summary)
        }
        let lineCount = scanned.reduce(0) { $0 + $1.lines.count }, noteCount = chosen.reduce(0) { $0 + $1.notes }
        return Result(summaries: query.arrange(summaries), needsCompaction: lineCount > 2 * noteCount + 1024)
    }

    /// The lines of one part of the journal, and which is the latest of each note in it.
    private struct PartLines {
        var lines: [JournalBytes.Line] = []
        var latest: LatestLineTable

        init?(_ journal: JournalBytes, _ range: Range<Int>) {
            lines.reserveCapacity(range.count / 64)
            latest = LatestLineTable(expectedNotes: range.count / 80)
            var lines = lines, latest = latest
            // IDs are checked when a line turns out to be its note's latest: a line with a
            // damaged ID is the only one of its "note", so it is always checked.
            let complete = journal.forEachLine(in: range, validatingIDs: false) { line in
                latest.record(lines.count, hash: journal.idHash(line)) { journal.sameID(lines[$0], line) }
                lines.append(line)
                return true
            }
            guard complete else { return nil }
            self.lines = lines
            self.latest = latest
        }
    }

    /// The listing's newest notes among a part's: each note's latest line in the part, unless a
    /// later part has a line of it; with how many notes that leaves.
    private func candidates(in part: PartLines, supersededBy later: ArraySlice<PartLines>, journal: JournalBytes) -> (Newest, notes: Int)? {
        let tag = query.tag.map { $0.storedForms.map { Array($0.utf8) } }
        var chosen = Newest(limit: query.limit, journal: journal)
        var notes = 0
        for (line, isLatest) in zip(part.lines, part.latest.latestFlags(lineCount: part.lines.count)) where isLatest {
            let hash = journal.idHash(line)
            guard !later.contains(where: { next in next.latest.contains(hash: hash) { journal.sameID(next.lines[$0], line) } }) else { continue }
            guard journal.hasValidID(line), let fields = IndexLineFields(journal.slice(line)),
                  let updated = fields.updatedMilliseconds else { return nil }
            notes += 1
            guard query.passes(isDeleted: fields.isDeleted), tag.map(fields.hasTag) ?? true else { continue }
            chosen.offer(Candidate(updated: updated, line: line))
        }
        return (chosen, notes)
    }

    /// `work(i)` for each `i` below `count`, on as many cores as there are parts.
    private static func concurrently<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T?) -> [T?] {
        guard count > 1 else { return (0..<count).map(work) }
        let results = Mutex([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = work(index)
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0 }
    }

    private struct Candidate {
        let updated: Int64
        let line: JournalBytes.Line
    }

    /// The `limit` newest candidates offered (all of them without a limit), in a heap whose top
    /// is the one that comes last in the listing.
    private struct Newest {
        let limit: Int?
        let journal: JournalBytes
        private(set) var kept: [Candidate] = []

        init(limit: Int?, journal: JournalBytes) {
            self.limit = limit.map { max(0, $0) }
            self.journal = journal
        }

        /// Whether `a` comes later in a listing than `b` (older, or as old with a larger ID).
        private func isAfter(_ a: Candidate, _ b: Candidate) -> Bool {
            a.updated != b.updated ? a.updated < b.updated : journal.idPrecedes(b.line, a.line)
        }

        mutating func offer(_ candidate: Candidate) {
            guard let limit else { return kept.append(candidate) }
            if kept.count < limit {
                kept.append(candidate)
                siftUp(kept.count - 1)
            } else if let last = kept.first, isAfter(last, candidate) {
                kept[0] = candidate
                siftDown(0)
            }
        }

        private mutating func siftUp(_ index: Int) {
            var child = index
            while child > 0 {
                let parent = (child - 1) / 2
                guard isAfter(kept[child], kept[parent]) else { return }
                kept.swapAt(child, parent)
                child = parent
            }
        }

        private mutating func siftDown(_ index: Int) {
            var parent = index
            while true {
                var largest = parent
                let left = 2 * parent + 1, right = left + 1
                if left < kept.count, isAfter(kept[left], kept[largest]) { largest = left }
                if right < kept.count, isAfter(kept[right], kept[largest]) { largest = right }
                guard largest != parent else { return }
                kept.swapAt(parent, largest)
                parent = largest
            }
        }
    }
}
