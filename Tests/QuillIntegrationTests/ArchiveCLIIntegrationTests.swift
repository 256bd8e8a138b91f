import Foundation
import Testing

@Suite("quill export and import, end to end")
struct ArchiveCLIIntegrationTests {
    @Test func exportListsWithTarAndImportsIntoAnEmptyHomeIdentically() async throws {
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
            _ = try await source.succeed(["add", "Note \(index) – ünïcödé", "--body", "Body \(index)\n\nwith lines\r\n", "--tag", "t\(index % 4)"])
        }
        let archive = scratch.appendingPathComponent("notes.tar.gz").path
        _ = try await source.succeed(["export", "--output", archive])

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

        let imported = try await target.succeed(["import", archive])
        #expect(imported.hasPrefix("Imported 25 notes: 25 new"))
        #expect(try await target.succeed(["list", "--json"]) == source.succeed(["list", "--json"]))
        for id in try await source.listedIDs() {
            #expect(try await target.succeed(["show", id, "--json"]) == source.succeed(["show", id, "--json"]))
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

    /// `export --history` carries every revision; GNU tar lists it, and after `tar -x` and a
    /// re-pack by `tar -c` (another order, the manifest anywhere) the import restores them still.
    @Test func anArchiveWithHistoryRestoresEveryRevisionEvenRepackedByTar() async throws {
        let source = QuillProcess.withFreshHome()
        let direct = QuillProcess.withFreshHome()
        let repacked = QuillProcess.withFreshHome()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("quill-history-it-\(UUID().uuidString)")
        defer {
            for home in [source, direct, repacked] { home.removeHome() }
            try? FileManager.default.removeItem(at: scratch)
        }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = try await source.succeed(["add", "Plan 計画", "--body", "one\ntwo\n"])
        let id = try #require(try await source.listedIDs().first)
        _ = try await source.succeed(["edit", id, "--body", "one\nzwei\n"])
        _ = try await source.succeed(["edit", id, "--title", "Plan 計画 ✓"])
        _ = try await source.succeed(["add", "Untouched"])
        let archive = scratch.appendingPathComponent("notes.tar.gz").path
        _ = try await source.succeed(["export", "--history", "--output", archive])

        let listing = try await Self.shell("tar -tzf \"$0\"", archive)
        #expect(listing.contains("quill-notes/history/\(id).log"))
        #expect(try await direct.succeed(["import", archive]).contains("2 new, 0 unchanged, 0 kept as copies, 1 with their history"))
        #expect(try await direct.succeed(["history", id, "--json"]) == source.succeed(["history", id, "--json"]))

        _ = try await Self.shell("""
            cd "$0" && tar -xzf notes.tar.gz && tar -czf history-first.tar.gz quill-notes/history quill-notes/notes quill-notes/manifest.json \
            && tar -czf notes-first.tar.gz quill-notes/manifest.json quill-notes/notes/*-\(id).md quill-notes/notes/Untouched-*.md \
               quill-notes/history
            """, scratch.path)
        _ = try await repacked.succeed(["import", scratch.appendingPathComponent("history-first.tar.gz").path])
        #expect(try await repacked.succeed(["history", id, "--json"]) == source.succeed(["history", id, "--json"]))
        #expect(try await repacked.succeed(["show", id, "--revision", "1"]).contains("two"))
        let late = QuillProcess.withFreshHome()
        defer { late.removeHome() }
        let report = try await late.succeed(["import", scratch.appendingPathComponent("notes-first.tar.gz").path])
        #expect(report.contains("2 new") && report.contains("history not imported: its note does not come right before it"), "\(report)")

        let refused = try await source.run(["export", "--history", "--format", "dir", scratch.appendingPathComponent("dir").path])
        #expect(refused.status != 0 && refused.errors.contains("--history goes with an archive"))
    }

    static func shell(_ script: String, _ argument: String) async throws -> String {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script, argument]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(script)")
        return text
    }

    @Test func aCorruptArchiveFailsAndChangesNothing() async throws {
        let home = QuillProcess.withFreshHome()
        defer { home.removeHome() }
        _ = try await home.succeed(["add", "Keep me"])
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("quill-bad-\(UUID().uuidString).tar.gz")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data("not gzip at all".utf8).write(to: bad)
        let result = try await home.run(["import", bad.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("not a format quill import reads"))
        #expect(try await home.listedIDs().count == 1)
    }

    /// A vault from a system that named files in Latin-1: the name cannot be read back as a path
    /// once it is text, so the import is refused by that name (it failed as "no such file"),
    /// nothing imported, and the folder imports once the file is renamed.
    @Test func aFolderWithANameThatIsNotUTF8IsRefusedByThatName() async throws {
        let home = QuillProcess.withFreshHome()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quill-latin1-\(UUID().uuidString)")
        defer {
            home.removeHome()
            try? FileManager.default.removeItem(at: folder)
        }
        _ = try await Self.shell(#"mkdir -p "$0/Recipes" && echo '# Soup' > "$0/Recipes/soup.md" && echo '# Café' > "$0/Recipes/$(printf 'caf\351').md""#,
                                 folder.path)
        let refused = try await home.run(["import", folder.path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("import refused: Recipes/caf\u{FFFD}.md: the file's name is not valid UTF-8"), "\(refused.errors)")
        #expect(refused.errors.contains("nothing was imported"))
        #expect(try await home.listedIDs().isEmpty)

        _ = try await Self.shell(#"mv "$0/Recipes/$(printf 'caf\351').md" "$0/Recipes/cafe.md""#, folder.path)
        let imported = try await home.succeed(["import", folder.path])
        #expect(imported.hasPrefix("Imported 2 notes: 2 new"))
    }

    /// `tar -cf` without compression, as GNU tar writes it, imports as its `.tar.gz` does (it was
    /// "not a format quill import reads"), within --max-size; a tar compressed by another program
    /// is refused naming it and the command that recompresses it.
    @Test func anUncompressedTarImportsAndOtherCompressionsAreNamed() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("quill-plain-tar-\(UUID().uuidString)")
        let gzipped = QuillProcess.withFreshHome(), plain = QuillProcess.withFreshHome()
        defer {
            gzipped.removeHome()
            plain.removeHome()
            try? FileManager.default.removeItem(at: scratch)
        }
        _ = try await Self.shell(#"""
            mkdir -p "$0/vault/Recipes" && cd "$0" && printf '# Soup\n\nLeek and [[Bread]]\n' > vault/Recipes/soup.md \
              && printf -- '---\ntags: [baking]\n---\n# Bread\n\nFlour\n' > vault/bread.md \
              && tar -cf vault.tar -C vault . && tar -czf vault.tar.gz -C vault . \
              && printf '\375\067\172\130\132\000rest' > vault.tar.xz
            """#, scratch.path)
        let path = scratch.path
        #expect(try await plain.succeed(["verify", path + "/vault.tar"]).contains("Would import 2 notes: 2 new"))
        #expect(try await plain.succeed(["import", path + "/vault.tar"]).hasPrefix("Imported 2 notes: 2 new"))
        _ = try await gzipped.succeed(["import", path + "/vault.tar.gz"])
        let titles = { (home: QuillProcess) in try await home.succeed(["list"]).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 4).last ?? "" } }
        #expect(try await titles(plain).sorted() == titles(gzipped).sorted())
        #expect(try await plain.succeed(["list", "-t", "baking"]).contains("Bread"))

        let tooLarge = try await QuillProcess.withFreshHome().run(["import", path + "/vault.tar", "--max-size", "1K"])
        #expect(tooLarge.status == 1 && tooLarge.errors.contains("--max-size"), "\(tooLarge.errors)")
        let xz = try await plain.run(["import", path + "/vault.tar.xz"])
        #expect(xz.status == 1 && xz.errors.contains("a tar compressed with xz, which quill import does not read"), "\(xz.errors)")
        #expect(xz.errors.contains("'xz -dc FILE | gzip | quill import -'"))
    }
}
