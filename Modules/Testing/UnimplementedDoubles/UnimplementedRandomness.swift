import QuillModels
import StandardInterfaces

/// An ID generator that fails the test when asked for an ID.
public struct UnimplementedNoteIDs: NoteIDGenerating {
    public init() {}

    public func next() -> NoteID {
        _ = unimplemented("NoteIDGenerating.next")
        return NoteID(high: 0, low: 0)
    }
}

/// A random source that fails the test when drawn from.
public struct UnimplementedRandomSource: RandomSource {
    public init() {}

    public func nextUInt64() -> UInt64 {
        _ = unimplemented("RandomSource.nextUInt64")
        return 0
    }
}
