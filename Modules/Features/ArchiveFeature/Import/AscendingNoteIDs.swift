import QuillModels
import StandardInterfaces
import Synchronization

/// Hands out `count` IDs, all drawn from `source` before the first is used, in increasing order;
/// after them, whatever `source` draws next.
///
/// Exists so that the notes a folder import creates have IDs that increase in the order they
/// are created, which is the order a first push sends them: the server's indexes keyed by note
/// ID then take the import's notes at one end instead of at random pages.
/// Drawn together and only then sorted, the IDs are exactly as random as ones drawn one by one
/// (a unique short prefix is as likely); only their order follows the import's.
final class AscendingNoteIDs: NoteIDGenerating {
    private let remaining: Mutex<ArraySlice<NoteID>>
    private let source: any NoteIDGenerating

    init(count: Int, drawingFrom source: any NoteIDGenerating) {
        self.source = source
        remaining = Mutex((0..<max(count, 0)).map { _ in source.next() }.sorted()[...])
    }

    func next() -> NoteID {
        remaining.withLock { $0.popFirst() } ?? source.next()
    }
}
