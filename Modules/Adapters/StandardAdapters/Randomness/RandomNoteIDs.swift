import QuillModels
import StandardInterfaces

/// Random 128-bit note IDs from the system's secure random source, as 32 hex characters.
public struct RandomNoteIDs: NoteIDGenerating {
    public init() {}

    public func next() -> NoteID {
        var generator = SystemRandomNumberGenerator()
        return NoteID(high: generator.next(), low: generator.next())
    }
}
