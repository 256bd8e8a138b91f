import Foundation
import POSIXTerminal
import ScratchDirectories
import StandardInterfaces
import StandardTesting
import Testing

// Nested in ExternalEditorTests, whose suite is serialized: an edit changes the process's
// handling of SIGINT and SIGQUIT while it runs, so no two edits may overlap.
extension ExternalEditorTests {
    /// What every `TextEditing` must do, run against the external editor (a script standing in for
    /// a person) and the scripted fake: the editor is shown the text, and the edit returns what it saved.
    @Suite("TextEditing contract", .scratchDirectory)
    struct TextEditingContractTests {
        /// Every `TextEditing` implementation, each replying `reply` and recording what it was shown.
        enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case external
            case scripted

            var testDescription: String { rawValue }

            /// The editor, and how to read back what it was shown.
            func make(reply: String) throws -> (editor: any TextEditing, command: String, shown: @Sendable () throws -> [String]) {
                switch self {
                case .external:
                    let directory = try Scratch.directory("editor")
                    let record = directory + "/shown", replyFile = directory + "/reply"
                    try reply.write(toFile: replyFile, atomically: true, encoding: .utf8)
                    let command = try EditorScript.command("cat \"$1\" > '\(record)'\ncat '\(replyFile)' > \"$1\"")
                    let editor = ExternalEditor(temporaryDirectory: directory)
                    return (editor, command, { [try String(contentsOfFile: record, encoding: .utf8)] })
                case .scripted:
                    let editor = ScriptedEditor(reply: reply)
                    return (editor, "editor", { editor.openedTexts })
                }
            }
        }

        @Test("The editor is shown the text, and the edit returns what it saved", arguments: Implementation.allCases)
        func returnsWhatWasSaved(_ implementation: Implementation) async throws {
            let (editor, command, shown) = try implementation.make(reply: "Title\n\nthe final text, ü and 🙂\n")
            let result = try await editor.edit("Title\n\nthe draft\n", fileExtension: "md", command: command)
            #expect(result == "Title\n\nthe final text, ü and 🙂\n")
            #expect(try shown() == ["Title\n\nthe draft\n"])
        }
    }
}
