/// Lets the user edit a text in their editor.
///
/// Exists so that `quill edit` can be tested without launching a real editor.
public protocol TextEditing: Sendable {
    /// Opens `text` in the editor `command` (a shell command line such as `vim` or `code -w`,
    /// chosen by the caller from its settings) and returns what the user saved.
    func edit(_ text: String, fileExtension: String, command: String) async throws -> String
}
