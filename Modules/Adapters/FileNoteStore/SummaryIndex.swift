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
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map({ $0 == IndexLine.header }) == true else { return nil }
        // A last line without its newline was cut short by a crash during append; ignore it.
        if lines.last.map({ !$0.isEmpty }) == true || !text.hasSuffix("\n") { lines.removeLast() }
        var summaries: [NoteID: NoteSummary] = [:]
        summaries.reserveCapacity(lines.count)
        var count = 0
        for line in lines.dropFirst() where !line.isEmpty {
            guard let summary = IndexLine.decode(line) else { return nil }
            summaries[summary.id] = summary
            count += 1
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
