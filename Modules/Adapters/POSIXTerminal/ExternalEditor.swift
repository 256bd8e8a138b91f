import Foundation
import StandardInterfaces

/// Opens a text in the editor command it is given (`quill edit` chooses it: docs/cli.md) through a temporary file.
///
/// The file is private to the user (0600 in a fresh 0700 directory) and removed, with anything
/// the editor left beside it, whatever happens, but for a text that is not UTF-8 or that the
/// caller refuses: that is kept there and named, so that an edit is not lost. The editor runs in the foreground of the terminal
/// (see `ForegroundShellCommand`), so a terminal editor such as vim works as under `git commit`.
public struct ExternalEditor: TextEditing {
    private let temporaryDirectory: String

    public init(temporaryDirectory: String) {
        self.temporaryDirectory = temporaryDirectory
    }

    public func edit<Accepted: Sendable>(_ text: String, fileExtension: String, command editor: String,
                                         accept: (String) async throws -> Accepted) async throws -> Accepted {
        let file = try PrivateEditingFile(in: temporaryDirectory, fileExtension: fileExtension, contents: Data(text.utf8))
        var keepsFile = false
        defer { if !keepsFile { file.remove() } }
        // The command may carry arguments ("code -w", "vim -u NONE"): the shell splits them, as git
        // does. `exec` leaves no shell between quill and the editor: dash, waiting for an editor
        // that caught a Ctrl-C and went on (as ed does), would kill itself with SIGINT once the
        // editor exits, and so turn a saved edit into a failure.
        let command = ForegroundShellCommand(commandLine: "exec " + editor + " \"$1\"", arguments: [file.path])
        switch await command.run() {
        case .exited(0): break
        case .exited(let status): throw EditorFailure(editor: editor, reason: .exited(status: status))
        case .killed(let signal): throw EditorFailure(editor: editor, reason: .killed(signal: signal))
        case .notStarted(let code): throw EditorFailure(editor: editor, reason: .notStarted(errno: code))
        case .lost(let code): throw EditorFailure(editor: editor, reason: .lost(errno: code))
        }
        guard FileManager.default.fileExists(atPath: file.path) else { throw EditorFailure(editor: editor, reason: .leftNoFile) }
        guard let saved = String(validating: try file.contents(), as: UTF8.self) else {
            keepsFile = true
            throw EditorFailure(editor: editor, reason: .notUTF8(keptAt: file.path))
        }
        do {
            return try await accept(saved)
        } catch {
            keepsFile = true
            throw EditedTextKept(keptAt: file.path, refusal: error)
        }
    }
}
