/// Lets the user edit a text in their editor.
///
/// Exists so that `quill edit` can be tested without launching a real editor.
public protocol TextEditing: Sendable {
    /// Opens `text` in the editor `command` (a shell command line such as `vim` or `code -w`,
    /// chosen by the caller from its settings) and hands what the user saved to `accept`. When
    /// `accept` refuses it (throws), the saved text is kept where the editor wrote it, and the
    /// error thrown is `EditedTextKept`, naming that place: nothing typed is lost.
    func edit<Accepted: Sendable>(_ text: String, fileExtension: String, command: String,
                                  accept: (String) async throws -> Accepted) async throws -> Accepted
}

extension TextEditing {
    /// What the user saved, taken as it is.
    public func edit(_ text: String, fileExtension: String, command: String) async throws -> String {
        try await edit(text, fileExtension: fileExtension, command: command) { $0 }
    }
}

/// A text saved in the editor that was refused once the editor closed (a note too large, no
/// title): kept at `keptAt`, so that the user can fix it and bring it in.
public struct EditedTextKept: Error, CustomStringConvertible {
    public let keptAt: String
    /// Why the text was refused.
    public let refusal: any Error

    public init(keptAt: String, refusal: any Error) {
        self.keptAt = keptAt
        self.refusal = refusal
    }

    public var description: String { "\(refusal) (the edited text is kept in \(keptAt))" }
}
