import Foundation

/// Why the editor's text was not used; in every case the note is left as it was.
public struct EditorFailure: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The editor exited with a non-zero status (vim's `:cq`, a missing command: 127).
        case exited(status: Int32)
        /// The editor was ended by a signal (Ctrl-C reaches the editor, not quill).
        case killed(signal: Int32)
        /// The editor's shell could not be started (`errno` of posix_spawn).
        case notStarted(errno: Int32)
        /// Waiting for the editor failed (`errno` of waitpid): whatever it saved is not trusted.
        case lost(errno: Int32)
        /// The editor exited well but removed or renamed the file it was given.
        case leftNoFile
        /// What the editor saved is not UTF-8 (an editor set to Latin-1): kept at `keptAt`, so
        /// that the edit is not lost.
        case notUTF8(keptAt: String)
    }

    public let editor: String
    public let reason: Reason

    public init(editor: String, reason: Reason) {
        self.editor = editor
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .exited(let status):
            "the editor '\(editor)' exited with status \(status); nothing was changed"
        case .killed(let signal):
            "the editor '\(editor)' was ended by signal \(signal) (\(String(cString: strsignal(signal)))); nothing was changed"
        case .notStarted(let code):
            "the editor '\(editor)' could not be started: \(String(cString: strerror(code))); nothing was changed"
        case .lost(let code):
            "quill lost track of the editor '\(editor)': \(String(cString: strerror(code))); nothing was changed"
        case .leftNoFile:
            "the editor '\(editor)' removed the file it was given; nothing was changed"
        case .notUTF8(let path):
            "what the editor '\(editor)' saved is not UTF-8 text; nothing was changed, and the text is kept in \(path) "
                + "(convert it, e.g. with iconv -f latin1 -t utf-8, and give it to 'quill edit ID --file')"
        }
    }
}
