import Foundation
import FileSystemInterface
import QuillModels
import SearchIndexInterface

/// Reads the summary journal (`index`) a page at a time for a search index: every write the
/// store commits appends its notes' lines there before it returns.
///
/// A cursor is `generation:offset:fingerprint`, where the fingerprint hashes the bytes just
/// before the offset. It holds only while the journal has the same generation, is at least
/// that long and has the same bytes there; otherwise the read starts over from the first line.
struct JournalReader {
    let layout: StoreLayout
    let files: any FileAccessing

    /// How much of the journal one page reads at most.
    static let pageBytes = 4 << 20

    /// The page after `cursor`; `nil` if the journal is missing or damaged (the caller rebuilds it).
    func page(after cursor: JournalCursor?, limit: Int) throws(FileSystemError) -> JournalPage? {
        let size: Int64
        do {
            size = try files.metadata(of: layout.index).size
        } catch .notFound {
            return nil
        }
        let header = Array((IndexLine.header + "\n").utf8)
        guard size >= header.count, Array(try files.read(layout.index, offset: 0, count: header.count)) == header else { return nil }
        let generation = try JournalGeneration(layout: layout, files: files).current()
        var start = Int64(header.count), startsOver = true
        if let cursor, let position = Position(cursor), position.generation == generation,
           position.offset >= start, position.offset <= size,
           try fingerprint(before: position.offset) == position.fingerprint {
            start = position.offset
            startsOver = false
        }
        let chunk = Array(try files.read(layout.index, offset: start, count: Int(min(size - start, Int64(Self.pageBytes)))))
        var summaries: [NoteSummary] = []
        var lineStart = 0
        let complete = chunk.withUnsafeBufferPointer { bytes -> Bool in
            while summaries.count < max(1, limit), let end = bytes[lineStart...].firstIndex(of: 0x0a) {
                if end > lineStart {
                    guard let summary = IndexLine.decode(bytes[lineStart..<end]) else { return false }
                    summaries.append(summary)
                }
                lineStart = end + 1
            }
            return true
        }
        guard complete else { return nil }
        let next = start + Int64(lineStart)
        let reachedEnd = start + Int64(chunk.count) == size && !chunk[lineStart...].contains(0x0a)
        let position = Position(generation: generation, offset: next, fingerprint: try fingerprint(before: next))
        return JournalPage(summaries: summaries, next: position.cursor, startsOver: startsOver, isLast: reachedEnd,
                           fractionRead: size > 0 ? Double(next) / Double(size) : 1)
    }

    /// A hash of the 64 bytes before `offset` (FNV-1a).
    private func fingerprint(before offset: Int64) throws(FileSystemError) -> String {
        let from = max(0, offset - 64)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in try files.read(layout.index, offset: from, count: Int(offset - from)) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private struct Position {
        let generation: String
        let offset: Int64
        let fingerprint: String

        init(generation: String, offset: Int64, fingerprint: String) {
            self.generation = generation
            self.offset = offset
            self.fingerprint = fingerprint
        }

        init?(_ cursor: JournalCursor) {
            let parts = cursor.rawValue.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let offset = Int64(parts[1]) else { return nil }
            self.init(generation: String(parts[0]), offset: offset, fingerprint: String(parts[2]))
        }

        var cursor: JournalCursor { JournalCursor("\(generation):\(offset):\(fingerprint)") }
    }
}
