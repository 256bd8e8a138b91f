/// Lets the user edit a text in their editor (`$EDITOR`).
///
/// Exists so that `quill edit` can be tested without launching a real editor.
public protocol TextEditing: Sendable {
    /// Opens `text` in the editor and returns what the user saved.
    func edit(_ text: String, fileExtension: String) async throws -> String
}
