import Foundation
import FileSystemInterface
import QuillModels

/// The summary journal, read into memory: the latest summary of every note (tombstones included).
///
/// The journal only grows (one line per write), which keeps a write O(1); reading replays
/// it, last line wins. When superseded lines outnumber live ones it is rewritten whole.
struct SummaryIndex: Sendable {
    var summaries: [NoteID: NoteSummary]
    var lineCount: Int

    /// Whether the journal carries enough superseded lines to be worth rewriting.
    var needsCompaction: Bool { lineCount > 2 * summaries.count + 1024 }

    /// Reads the journal; `nil` if it is missing or unreadable (the caller rebuilds it).
    static func load(from path: String, files: any FileAccessing) throws(FileSystemError) -> SummaryIndex? {
        let data: Data
        do {
            data = try files.read(path)
        } catch .notFound {
            return nil
        }
        let bytes = [UInt8](data)
        let header = Array((IndexLine.header + "\n").utf8)
        guard bytes.starts(with: header) else { return nil }
        var summaries: [NoteID: NoteSummary] = [:]
        summaries.reserveCapacity(bytes.count / 80)
        var count = 0
        var start = header.count
        // A last line without its newline was cut short by a crash during append; it is ignored.
        while let end = bytes[start...].firstIndex(of: 0x0a) {
            if end > start {
                guard let summary = IndexLine.decode(bytes[start..<end]) else { return nil }
                summaries[summary.id] = summary
                count += 1
            }
            start = end + 1
        }
        return SummaryIndex(summaries: summaries, lineCount: count)
    }

    /// The journal rewritten with one line per note.
    func serialized() -> Data {
        var text = IndexLine.header + "\n"
        for summary in summaries.values.sorted(by: { $0.id < $1.id }) {
            text += IndexLine.encode(summary)
        }
        return Data(text.utf8)
    }
}
