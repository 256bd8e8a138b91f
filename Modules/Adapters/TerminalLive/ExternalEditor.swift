import Foundation
import TerminalInterface

/// Opens a text in the user's editor (`$VISUAL`, else `$EDITOR`, else `vi`) through a temporary file.
public struct ExternalEditor: TextEditing {
    private let environment: [String: String]
    private let temporaryDirectory: String

    public init(environment: [String: String], temporaryDirectory: String) {
        self.environment = environment
        self.temporaryDirectory = temporaryDirectory
    }

    public func edit(_ text: String, fileExtension: String) async throws -> String {
        let path = temporaryDirectory + "/quill-edit-\(UUID().uuidString).\(fileExtension)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let editor = environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "quill-editor", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw EditorFailure(editor: editor, status: process.terminationStatus)
        }
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }
}

/// The editor exited with a failure, so its text is not used.
public struct EditorFailure: Error, CustomStringConvertible {
    public let editor: String
    public let status: Int32

    public var description: String { "the editor '\(editor)' exited with status \(status); nothing was changed" }
}
