import QuillModels

/// A list of notes plus the problems met while reading them.
///
/// Exists so that one corrupt file is reported without hiding every other note: a store
/// skips what it cannot read, says so in `problems`, and lists the rest.
public struct NoteListing: Hashable, Sendable {
    public var notes: [NoteSummary]
    public var problems: [StoreProblem]

    public init(notes: [NoteSummary], problems: [StoreProblem] = []) {
        self.notes = notes
        self.problems = problems
    }
}

/// Something a store could not read, described for a person.
public struct StoreProblem: Hashable, Sendable, CustomStringConvertible {
    public let location: String
    public let reason: String
    /// The note whose stored form it is, when it is one note's (`quill repair` sets it aside).
    public let note: NoteID?

    public init(location: String, reason: String, note: NoteID? = nil) {
        self.location = location
        self.reason = reason
        self.note = note
    }

    public var description: String { "\(location): \(reason)" }
}
