import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// One catalog page read straight from the summary journal, which is read in pieces: of the
/// IDs after `after`, only the `limit` smallest seen so far are kept (with the latest line's
/// update time and whether it matches), so memory is bounded by the page, not the store.
///
/// Exists so that an export walks any number of notes. Each page reads the whole journal;
/// a page of tens of thousands of IDs keeps that to a few reads for a large store.
struct CatalogPageScan {
    let query: NoteQuery
    let after: NoteID?
    let limit: Int

    /// The page; `nil` if the journal is missing or is not one (the caller falls back).
    func run(path: String, files: any FileAccessing) throws -> NoteCatalog? {
        var window = Window(limit: max(limit, 1))
        let read = try FileLines.forEachSummaryLine(inJournal: path, files: files) { line in
            guard let summary = IndexLine.decode(line) else { return false }
            consider(summary, in: &window)
            return true
        }
        guard read == true else { return nil }
        return window.page()
    }

    private func consider(_ summary: NoteSummary, in window: inout Window) {
        if let after, summary.id <= after { return }
        window.offer(summary.id, updated: summary.updated, matches: query.matches(summary))
    }

    /// The `limit` smallest IDs offered, each with its latest state. An ID pushed out by
    /// smaller ones can never come back: the window's largest ID only ever decreases.
    private struct Window {
        let limit: Int
        var latest: [NoteID: (updated: Date, matches: Bool)] = [:]
        var largest = MaxHeap()

        mutating func offer(_ id: NoteID, updated: Date, matches: Bool) {
            if latest[id] != nil {
                latest[id] = (updated, matches)
                return
            }
            if latest.count == limit {
                guard let top = largest.top, id < top else { return }
                latest[largest.pop()] = nil
            }
            latest[id] = (updated, matches)
            largest.push(id)
        }

        /// The page: matching IDs in order; it resumes after the largest ID kept if the
        /// window filled up (larger IDs were left out).
        func page() -> NoteCatalog {
            let matching = latest.filter(\.value.matches)
            return NoteCatalog(ids: matching.keys.sorted(), newestUpdate: matching.values.map(\.updated).max(),
                               resumeAfter: latest.count == limit ? largest.top : nil)
        }
    }

    /// A binary max-heap of IDs.
    private struct MaxHeap {
        private var items: [NoteID] = []

        var top: NoteID? { items.first }

        mutating func push(_ id: NoteID) {
            items.append(id)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child] > items[parent] else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> NoteID {
            let top = items[0]
            let last = items.removeLast()
            guard !items.isEmpty else { return top }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var largest = parent
                if left < items.count, items[left] > items[largest] { largest = left }
                if right < items.count, items[right] > items[largest] { largest = right }
                guard largest != parent else { return top }
                items.swapAt(parent, largest)
                parent = largest
            }
        }
    }
}
