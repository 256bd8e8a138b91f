import ChildProcesses
import Foundation
import Testing

/// The real `quill` executable against a real temporary data directory.
@Suite("quill executable", .serialized)
struct QuillCLIIntegrationTests {
    @Test func theWholeNoteCycleWorks() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let id = try await quill.succeed(["add", "Shopping", "--body", "Milk and eggs", "--tag", "Home"])
        #expect(id.count == 32)
        let second = try await quill.succeed(["add", "Piped"], input: Data("body from stdin".utf8))
        #expect(try await quill.listedIDs() == [second, id])

        let shown = try await quill.succeed(["show", String(id.prefix(6))])
        #expect(shown.hasPrefix("Shopping\nid:       \(id)\ntags:     #home"))
        #expect(shown.hasSuffix("Milk and eggs"))

        _ = try await quill.succeed(["edit", String(id.prefix(8)), "--title", "Groceries", "--tag", "food", "--untag", "home"])
        let json = try await quill.succeed(["show", id, "--json"])
        #expect(json.contains(#""title" : "Groceries""#) && json.contains(#""revision" : 2"#) && json.contains(#""food""#))

        #expect(try await quill.succeed(["search", "EGGS"]).contains("Groceries"))
        #expect(try await quill.succeed(["list", "--tag", "food"]).contains("Groceries"))
        _ = try await quill.succeed(["rm", id])
        #expect(try await quill.listedIDs() == [second])
        #expect(try await quill.run(["show", id]).status == 3)
    }

    /// `quill attach` reads its files before it writes the note; a change written meanwhile (a
    /// `quill sync --watch` beside it pulling one) was written over with the body read before.
    /// Here the file is a FIFO that gives its bytes only after another `quill edit` has written.
    @Test func aChangeWrittenWhileAFileIsAttachedStays() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let id = try await quill.succeed(["add", "Trip", "--body", "before\n"])
        let fifo = quill.home + "/photo.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        async let attaching = quill.run(["attach", id, fifo])
        // Opened once `quill attach` has opened it (bounded: a FIFO without a reader refuses a
        // writer that does not wait); its bytes come after the edit.
        var descriptor: Int32 = -1
        for _ in 0..<100 where descriptor < 0 {
            descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor < 0 { try await Task.sleep(for: .milliseconds(50)) }
        }
        try #require(descriptor >= 0, "quill attach never opened the file")
        let writer = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        try await Task.sleep(for: .milliseconds(300))
        _ = try await quill.succeed(["edit", id, "--body", "written meanwhile\n"])
        writer.write(Data("not really a png".utf8))
        try writer.close()
        let attached = try await attaching
        #expect(attached.status == 0, "\(attached.errors)")
        let body = try await quill.succeed(["show", id, "--json"])
        #expect(body.contains("written meanwhile") && body.contains("photo.png"), "\(body)")
    }

    /// A FIFO that never ends (`yes` behind it) filled the disk, and a killed `quill attach` left
    /// what it had read in `attachments/incoming/`: it is refused past the largest attachment,
    /// and nothing is left.
    @Test func anEndlessFileIsRefusedPastTheLargestAttachment() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let id = try await quill.succeed(["add", "Trip", "--body", "before\n"])
        let fifo = quill.home + "/endless.txt"
        #expect(mkfifo(fifo, 0o600) == 0)
        // SIGKILL: a test's children inherit its blocked SIGTERM, and `yes` waits to open the FIFO if `quill` never does.
        let script = "yes > \"$1\" 2>/dev/null & \"$0\" attach \"$2\" \"$1\" --max-attachment-size 4M; status=$?; kill -9 $! 2>/dev/null; exit $status"
        let attached = try await ChildProcess.run("/bin/sh", ["-c", script, QuillProcess.binary, fifo, id], environment: quill.environment)
        #expect(attached.status == 1 && attached.errors.contains("endless.txt holds more than 4.2 MB, the largest attachment taken"), "\(attached.errors)")
        let incoming = (try? FileManager.default.contentsOfDirectory(atPath: quill.home + "/attachments/incoming")) ?? []
        #expect(incoming.isEmpty, "\(incoming)")
        #expect(try await quill.succeed(["show", id, "--json"]).contains("\"revision\" : 1"))
    }

    /// Nothing a command does is irreversible: edits and a deletion are revisions, the trash
    /// gives a note back, a diff piped is plain text, and every revision survives a new process.
    @Test func everyRevisionIsKeptAndRestorable() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let id = try await quill.succeed(["add", "Plan", "--body", "one\ntwo\nthree\n"])
        _ = try await quill.succeed(["edit", id, "--body", "one\n2\nthree\n"])
        _ = try await quill.succeed(["edit", id, "--title", "Plans 同步"])
        _ = try await quill.succeed(["rm", id])
        #expect(try await quill.succeed(["trash"]).contains("Plans 同步"))
        #expect(try await quill.succeed(["restore", id]).hasPrefix("restored"))
        let history = try await quill.succeed(["history", id])
        #expect(history.split(separator: "\n").count == 5, "\(history)")
        #expect(history.contains("restore of 3") && history.contains("deleted") && history.contains("+1 −1 lines"))
        let diff = try await quill.succeed(["diff", id, "1", "2"])
        #expect(diff == "--- \(id.prefix(8)) revision 1\n+++ \(id.prefix(8)) revision 2\n@@ -2,5 +2,5 @@\n tags:\n \n one\n-two\n+2\n three")
        #expect(!diff.contains("\u{1B}"), "plain when piped")
        #expect(try await quill.succeed(["show", id, "--revision", "1"]).hasSuffix("one\ntwo\nthree"))
        _ = try await quill.succeed(["restore", id, "--revision", "1"])
        #expect(try await quill.succeed(["show", id, "--json"]).contains(#""body" : "one\ntwo\nthree\n""#))
        let notDeleted = try await quill.run(["restore", id])
        #expect(notDeleted.status == 2 && notDeleted.errors.contains("is not deleted"))
        #expect(try await quill.run(["show", id, "--revision", "99"]).status == 3)
    }

    @Test func previewWritesNothingToDisk() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let listing = try await quill.succeed(["--preview", "list"])
        #expect(listing.split(separator: "\n").count >= 24)
        _ = try await quill.succeed(["--preview", "add", "Scratch", "--body", "x"])
        _ = try await quill.succeed(["rm", "--preview", String(listing.prefix(8))])
        #expect(!FileManager.default.fileExists(atPath: quill.home))
    }

    @Test func badInputGetsAClearErrorAndChangesNothing() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let id = try await quill.succeed(["add", "Keep", "--body", "safe"])

        let empty = try await quill.run(["add", "  "])
        #expect(empty.status == 1 && empty.errors.contains("quill: invalid note: the title is empty"))
        let unknown = try await quill.run(["show", "fff"])
        #expect(unknown.status == 3 && unknown.errors.contains("hint:"))
        let missingFile = try await quill.run(["add", "X", "--file", "/nonexistent/body.md"])
        #expect(missingFile.status == 1 && missingFile.errors.contains("cannot read --file /nonexistent/body.md"))
        let binary = try await quill.run(["add", "X"], input: Data([0x66, 0xff, 0xfe]))
        #expect(binary.status == 1 && binary.errors.contains("not valid UTF-8"))
        let usage = try await quill.run(["list", "--limit", "many"])
        #expect(usage.status == 2)
        let bigFile = quill.home + "-big.md"
        try Data(repeating: UInt8(ascii: "x"), count: 1_048_577).write(to: URL(fileURLWithPath: bigFile))
        defer { try? FileManager.default.removeItem(atPath: bigFile) }
        let tooBig = try await quill.run(["edit", id, "--file", bigFile])
        #expect(tooBig.status == 1 && tooBig.errors.contains("limit"))

        #expect(try await quill.listedIDs() == [id])
        #expect(try await quill.succeed(["show", id]).hasSuffix("safe"))
    }

    @Test func anUnwritableHomeIsAClearError() async throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("quill-file-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let quill = QuillProcess(home: blocker + "/quill")
        let result = try await quill.run(["add", "Nowhere"])
        #expect(result.status == 1)
        #expect(result.errors.contains("quill: ") && result.errors.contains("hint: check that QUILL_HOME"))
    }

    @Test func aCorruptNoteFileIsReportedWhileEveryOtherNoteLists() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        var ids: [String] = []
        for number in 1...3 { ids.append(try await quill.succeed(["add", "Note \(number)", "--body", "body \(number)"])) }
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: quill.home + "/notes/\(ids[1]).json"))

        let show = try await quill.run(["show", ids[1]])
        #expect(show.status == 1 && show.errors.contains("corrupt") && show.errors.contains(ids[1]))
        #expect(Set(try await quill.listedIDs()) == Set(ids))

        let search = try await quill.run(["search", "body"])
        #expect(search.status == 0)
        #expect(search.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count == 2)

        try FileManager.default.removeItem(atPath: quill.home + "/index")
        let list = try await quill.run(["list"])
        #expect(list.status == 0 && list.errors.contains(ids[1]))
        #expect(list.output.split(separator: "\n").count == 2)
    }

    @Test func twoProcessesAddingAtOnceLoseNothing() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let script = "for i in $(seq 200); do \"$0\" add \"note $i from $1\" --body x > /dev/null || exit 1; done"
        let writers = try ["a", "b"].map { name in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, QuillProcess.binary, name]
            process.environment = quill.environment
            try process.run()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        #expect(Set(try await quill.listedIDs()).count == 400)
    }

    @Test func killingWritersAtRandomMomentsNeverLosesAnAcknowledgedNote() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [String] = []
        for round in 0..<40 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: QuillProcess.binary)
            process.arguments = ["add", "round \(round)", "--body", String(repeating: "b", count: 2000)]
            process.environment = quill.environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...12_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if printed.count > 30 { acknowledged.append(String(printed.prefix(32))) }
        }
        let listed = Set(try await quill.listedIDs())
        #expect(listed.isSuperset(of: acknowledged))
        let after = try await quill.succeed(["add", "after the crashes"])
        #expect(Set(try await quill.listedIDs()).contains(after))
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: quill.home + "/txn")) ?? []
        #expect(leftovers.isEmpty)
    }
}
