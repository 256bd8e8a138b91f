import QuillModels

/// Makes new note IDs.
///
/// Exists so that randomness is a dependency like any other: production draws random IDs,
/// tests and previews use a predictable sequence.
public protocol NoteIDGenerating: Sendable {
    func next() -> NoteID
}
