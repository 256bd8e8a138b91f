import Foundation
import Glibc
import ScratchDirectories
import POSIXTerminal
import StandardInterfaces
import Testing

/// The real editor adapter, with non-interactive "editors" (sed, small scripts) standing in for
/// a person. (Tools/pty-editor-test.sh runs vim on a real terminal.) Serialized: an edit changes
/// the process's handling of SIGINT and SIGQUIT while it runs.
@Suite("External editor", .scratchDirectory, .serialized)
struct ExternalEditorTests {
    @Test func theEditorsSavedTextIsReturned() async throws {
        let editor = ExternalEditor(temporaryDirectory: NSTemporaryDirectory())
        #expect(try await editor.edit("Title\n\nthe draft text", fileExtension: "md", command: "sed -i s/draft/final/") == "Title\n\nthe final text")
    }

    @Test func theFileIsPrivateInADirectoryOfItsOwnAndBothAreRemovedAfterwards() async throws {
        let temporary = try Scratch.directory("tmp")
        let record = try Scratch.directory("record") + "/stat"
        let script = try EditorScript.command("""
            stat -c '%a %n' "$1" "$(dirname "$1")" > '\(record)'
            echo swap > "$(dirname "$1")/.note.md.swp"
            """)
        _ = try await ExternalEditor(temporaryDirectory: temporary).edit("text", fileExtension: "md", command: script)

        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        let file = try #require(lines.first?.split(separator: " ", maxSplits: 1).last.map(String.init))
        let directory = (file as NSString).deletingLastPathComponent
        #expect(lines == ["600 \(file)", "700 \(directory)"])
        #expect((directory as NSString).deletingLastPathComponent == temporary)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    @Test func anEditorThatFailsIsAnErrorAndLeavesNoFile() async throws {
        let temporary = try Scratch.directory("tmp")
        let editor = ExternalEditor(temporaryDirectory: temporary)
        let failure = await #expect(throws: EditorFailure.self) { try await editor.edit("text", fileExtension: "md", command: "false") }
        #expect(failure == EditorFailure(editor: "false", reason: .exited(status: 1)))
        #expect(failure?.description == "the editor 'false' exited with status 1; nothing was changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// A text the caller refused (a note too large to keep) was removed with the edit in it.
    @Test func aTextTheCallerRefusesIsKeptPrivatelyAndNamed() async throws {
        struct TooLarge: Error {}
        let temporary = try Scratch.directory("tmp")
        let editor = ExternalEditor(temporaryDirectory: temporary)
        let failure = await #expect(throws: EditedTextKept.self) {
            try await editor.edit("Title\n\nthe draft", fileExtension: "md", command: "sed -i s/draft/final/") { (_: String) -> Int in throw TooLarge() }
        }
        let kept = try #require(failure?.keptAt)
        #expect(failure?.refusal is TooLarge)
        #expect(FileManager.default.contents(atPath: kept) == Data("Title\n\nthe final".utf8))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int)
        #expect(mode == 0o600 && (kept as NSString).deletingLastPathComponent.hasPrefix(temporary))
        try FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
        // Accepted, the text is handed on and nothing stays.
        #expect(try await editor.edit("a", fileExtension: "md", command: "true") { $0.count } == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// An editor that saved Latin-1 had its bytes replaced by U+FFFD in the note ("café" became
    /// "caf�"); one that removed the file was reported as Foundation's NSCocoaErrorDomain 260.
    @Test func aTextThatIsNotUTF8IsKeptAndNamedAndARemovedFileIsSaidAsSuch() async throws {
        let temporary = try Scratch.directory("tmp")
        let editor = ExternalEditor(temporaryDirectory: temporary)
        let latin1 = try EditorScript.command(#"printf 'Caf\351\n\nbody' > "$1""#)
        let failure = await #expect(throws: EditorFailure.self) { try await editor.edit("Cafe", fileExtension: "md", command: latin1) }
        guard case .notUTF8(let kept) = failure?.reason else { Issue.record("\(String(describing: failure))"); return }
        #expect(FileManager.default.contents(atPath: kept) == Data([0x43, 0x61, 0x66, 0xE9, 0x0A, 0x0A, 0x62, 0x6F, 0x64, 0x79]))
        #expect(failure?.description.contains("nothing was changed, and the text is kept in \(kept)") == true)
        try FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)

        let remover = try EditorScript.command(#"rm "$1""#)
        let removed = await #expect(throws: EditorFailure.self) { try await editor.edit("text", fileExtension: "md", command: remover) }
        #expect(removed?.description == "the editor '\(remover)' removed the file it was given; nothing was changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    @Test func anEditorEndedByASignalIsAnError() async throws {
        let temporary = try Scratch.directory("tmp")
        let script = try EditorScript.command("echo saved > \"$1\"; kill -TERM $$")
        let editor = ExternalEditor(temporaryDirectory: temporary)
        let failure = await #expect(throws: EditorFailure.self) { try await editor.edit("text", fileExtension: "md", command: script) }
        #expect(failure?.reason == .killed(signal: SIGTERM))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// A terminal editor must be in the terminal's foreground process group, which is quill's:
    /// in a group of its own (as Foundation's `Process` makes), vim is stopped by SIGTTOU.
    @Test func theEditorRunsInQuillsProcessGroup() async throws {
        let record = try Scratch.directory("record") + "/group"
        let script = try EditorScript.command("cut -d ' ' -f 5 /proc/$$/stat > '\(record)'")
        _ = try await ExternalEditor(temporaryDirectory: try Scratch.directory("tmp"))
            .edit("text", fileExtension: "md", command: script)
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "\(getpgrp())\n")
    }

    /// Ctrl-C on the terminal reaches quill as well as the editor: quill ignores it (and SIGQUIT)
    /// until the editor returns, then handles them as before; the editor itself gets them.
    @Test func quillIgnoresCtrlCWhileTheEditorRunsAndTheEditorDoesNot() async throws {
        let record = try Scratch.directory("record") + "/signals"
        // Field SigIgn of /proc/self/status: the editor's ignored signals (bits 2 and 3: SIGINT, SIGQUIT).
        let script = try EditorScript.command("""
            kill -INT $PPID; kill -QUIT $PPID
            grep SigIgn /proc/$$/status > '\(record)'
            echo edited > "$1"
            """)
        let before = (disposition(SIGINT), disposition(SIGQUIT))
        let edited = try await ExternalEditor(temporaryDirectory: try Scratch.directory("tmp"))
            .edit("text", fileExtension: "md", command: script)
        #expect(edited == "edited\n")
        #expect(before == (disposition(SIGINT), disposition(SIGQUIT)))
        let ignoredByTheEditor = try #require(UInt64(
            try String(contentsOfFile: record, encoding: .utf8).split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
            radix: 16))
        #expect(ignoredByTheEditor & 0b110 == 0)
    }

    @Test func aTemporaryDirectoryThatIsNotThereIsAClearError() async throws {
        let missing = try Scratch.directory("tmp") + "/missing"
        let editor = ExternalEditor(temporaryDirectory: missing)
        let failure = await #expect(throws: EditingFileFailure.self) { try await editor.edit("text", fileExtension: "md", command: "true") }
        #expect(failure?.description == "could not prepare the file to edit at \(missing): No such file or directory; nothing was changed")
    }

    /// The handler of `signal` in this process (a function pointer, or SIG_DFL / SIG_IGN), as a number.
    private func disposition(_ signal: Int32) -> Int {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    }
}
