import QuillModels
import StandardInterfaces
import Synchronization

/// Note IDs 0000…0001, 0000…0002, …, so tests and previews can name the notes they expect.
/// A `namespace` (the upper 64 bits) keeps the IDs of several generators apart.
public final class SequentialNoteIDs: NoteIDGenerating {
    private let counter: Mutex<UInt64>
    private let namespace: UInt64

    public init(namespace: UInt64 = 0, startingAt first: UInt64 = 1) {
        self.counter = Mutex(first)
        self.namespace = namespace
    }

    public func next() -> NoteID {
        let value = counter.withLock { current in
            defer { current += 1 }
            return current
        }
        return NoteID(high: namespace, low: value)
    }
}
