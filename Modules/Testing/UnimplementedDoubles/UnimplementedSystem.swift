import Foundation
import QuillModels
import ClockInterface
import RandomnessInterface

/// A clock that fails the test when read.
public struct UnimplementedClock: WallClock {
    public init() {}

    public func now() -> Date {
        _ = unimplemented("WallClock.now")
        return Date(timeIntervalSince1970: 0)
    }
}

/// An ID generator that fails the test when asked for an ID.
public struct UnimplementedNoteIDs: NoteIDGenerating {
    public init() {}

    public func next() -> NoteID {
        _ = unimplemented("NoteIDGenerating.next")
        return NoteID(high: 0, low: 0)
    }
}
