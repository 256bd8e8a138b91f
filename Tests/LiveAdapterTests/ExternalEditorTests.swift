import Foundation
import TerminalLive
import Testing

/// The real editor adapter, with a non-interactive "editor" (sed) standing in for a person.
@Suite("External editor")
struct ExternalEditorTests {
    @Test func theEditorsSavedTextIsReturned() async throws {
        let editor = ExternalEditor(environment: ["EDITOR": "sed -i s/draft/final/"], temporaryDirectory: NSTemporaryDirectory())
        #expect(try await editor.edit("Title\n\nthe draft text", fileExtension: "md") == "Title\n\nthe final text")
    }

    @Test func visualIsPreferredToEditor() async throws {
        let editor = ExternalEditor(
            environment: ["VISUAL": "sed -i s/a/v/", "EDITOR": "sed -i s/a/e/"], temporaryDirectory: NSTemporaryDirectory())
        #expect(try await editor.edit("a", fileExtension: "txt") == "v")
    }

    @Test func anEditorThatFailsIsAnError() async throws {
        let editor = ExternalEditor(environment: ["EDITOR": "false"], temporaryDirectory: NSTemporaryDirectory())
        await #expect(throws: EditorFailure.self) { try await editor.edit("text", fileExtension: "md") }
    }
}
