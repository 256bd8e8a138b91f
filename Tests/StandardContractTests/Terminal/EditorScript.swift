import Foundation
import ScratchDirectories

/// A shell script standing in for a person's editor, given to the adapter as `/bin/sh <script>`.
///
/// Why not the script itself as the command: a file just written is "busy" (`ETXTBSY`, exit 126
/// from the shell) while any child forked by another test in this process still holds the
/// descriptor it was written through, so executing it fails now and then. Read by `sh`, the script
/// is never executed, and the editor is still the process the adapter started (`exec`).
enum EditorScript {
    /// The command that runs `body` with the file to edit as `$1`.
    static func command(_ body: String) throws -> String {
        let path = try Scratch.directory("editor") + "/editor"
        try Data("\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        return "/bin/sh '\(path)'"
    }
}
