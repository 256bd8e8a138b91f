import Foundation
import Testing

@Suite("quill export and import, end to end")
struct ArchiveCLIIntegrationTests {
    @Test func exportListsWithTarAndImportsIntoAnEmptyHomeIdentically() throws {
        let source = QuillProcess.withFreshHome()
        let target = QuillProcess.withFreshHome()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("quill-archive-it-\(UUID().uuidString)")
        defer {
            source.removeHome()
            target.removeHome()
            try? FileManager.default.removeItem(at: scratch)
        }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for index in 0..<25 {
            _ = try source.succeed(["add", "Note \(index) – ünïcödé", "--body", "Body \(index)\n\nwith lines\r\n", "--tag", "t\(index % 4)"])
        }
        let archive = scratch.appendingPathComponent("notes.tar.gz").path
        _ = try source.succeed(["export", "--output", archive])

        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["-tzf", archive]
        let listing = Pipe()
        tar.standardOutput = listing
        try tar.run()
        let names = String(decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        #expect(names.split(separator: "\n").filter { $0.hasSuffix(".md") }.count == 25)

        let imported = try target.succeed(["import", archive])
        #expect(imported.hasPrefix("Imported 25 notes: 25 new"))
        #expect(try target.succeed(["list", "--json"]) == source.succeed(["list", "--json"]))
        for id in try source.listedIDs() {
            #expect(try target.succeed(["show", id, "--json"]) == source.succeed(["show", id, "--json"]))
        }

        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "QUILL_HOME=\"$1\" \"$0\" export - | QUILL_HOME=\"$2\" \"$0\" import -",
                           QuillProcess.binary, source.home, target.home]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let again = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(again.hasPrefix("Imported 25 notes: 0 new, 25 unchanged"))
    }

    @Test func aCorruptArchiveFailsAndChangesNothing() throws {
        let home = QuillProcess.withFreshHome()
        defer { home.removeHome() }
        _ = try home.succeed(["add", "Keep me"])
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("quill-bad-\(UUID().uuidString).tar.gz")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data("not gzip at all".utf8).write(to: bad)
        let result = try home.run(["import", bad.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("not a gzip file"))
        #expect(try home.listedIDs().count == 1)
    }
}
