import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// The summary journal, read into memory: the latest summary of every note (tombstones included).
///
/// The journal only grows (one line per write), which keeps a write O(1); reading replays
/// it, last line wins. When superseded lines outnumber live ones it is rewritten whole.
/// Summaries are kept in an array (one per note) rather than a dictionary keyed by ID: at
/// 100,000 notes that is about half the memory, and every reader walks all of them anyway.
struct SummaryIndex: Sendable {
    var summaries: [NoteSummary]
    var lineCount: Int

    /// Whether the journal carries enough superseded lines to be worth rewriting.
    var needsCompaction: Bool { lineCount > 2 * summaries.count + 1024 }

    /// Reads the journal; `nil` if it is missing or unreadable (the caller rebuilds it).
    static func load(from path: String, files: any FileAccessing) throws(FileSystemError) -> SummaryIndex? {
        do {
            return try files.withContents(of: path) { raw in parse(raw.bindMemory(to: UInt8.self)) }
        } catch .notFound {
            return nil
        }
    }

    /// Calls `body` with each line's summary, in journal order; `false` if the journal is not one.
    private static func forEachSummary(in bytes: UnsafeBufferPointer<UInt8>, _ body: (NoteSummary) -> Void) -> Bool {
        let header = Array((IndexLine.header + "\n").utf8)
        guard bytes.starts(with: header) else { return false }
        var start = header.count
        // A last line without its newline was cut short by a crash during append; it is ignored.
        while let end = bytes[start...].firstIndex(of: 0x0a) {
            if end > start {
                guard let summary = IndexLine.decode(bytes[start..<end]) else { return false }
                body(summary)
            }
            start = end + 1
        }
        return true
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SummaryIndex? {
        // Sized once from the file (lines are about 100 bytes), so neither grows by copying.
        var summaries: [NoteSummary] = []
        summaries.reserveCapacity(bytes.count / 100)
        var position: [NoteID: Int32] = [:]
        position.reserveCapacity(bytes.count / 100)
        var count = 0
        let complete = forEachSummary(in: bytes) { summary in
            if let earlier = position[summary.id] {
                summaries[Int(earlier)] = summary
            } else {
                position[summary.id] = Int32(summaries.count)
                summaries.append(summary)
            }
            count += 1
        }
        return complete ? SummaryIndex(summaries: summaries, lineCount: count) : nil
    }

    /// The journal rewritten with one line per note.
    func serialized() -> Data {
        var text = IndexLine.header + "\n"
        for summary in summaries.sorted(by: { $0.id < $1.id }) {
            text += IndexLine.encode(summary)
        }
        return Data(text.utf8)
    }
}
