import ArchiveFeature
import ByteStreamTesting
import Foundation
import NoteStoreTesting
import QuillModels
import Testing

@Suite("Importing plain Markdown folders")
struct PlainMarkdownImportTests {
    @Test("each .md file becomes a note titled by its first heading or its file name; other files are skipped")
    func folder() async throws {
        let gnuMagic = RawTar.header(name: Array("notes/".utf8), type: "5", size: 0, magic: "ustar ", version: " \0")
        let longName = "notes/" + String(repeating: "deep/", count: 30) + "Long name.md"
        let tar = gnuMagic
            + RawTar.entry("./notes/Shopping.md", RawTar.markdown("eggs\nmilk\n"))
            + RawTar.entry("notes/ideas.md", RawTar.markdown("intro\n# Big idea\ntext\n"))
            + RawTar.entry("././@LongLink", Array(longName.utf8) + [0], type: "L")
            + RawTar.entry(String(longName.prefix(100)), RawTar.markdown("deep"))
            + RawTar.entry("notes/picture.png", [1, 2, 3])
            + RawTar.entry("notes/jekyll.md", RawTar.markdown("---\nlayout: post\n---\n# Post\n"))
            + RawTar.entry("notes/LOUD.MD", RawTar.markdown("loud"))
            + RawTar.entry("notes/Long form.Markdown", RawTar.markdown("long form"))
            + RawTar.entry("notes/._Shopping.md", [0, 5, 22, 7])
            + RawTar.entry("notes/readme.mdx", RawTar.markdown("not Markdown"))
            + RawTar.entry("notes/\u{0E}md", RawTar.markdown("not Markdown"))
            + RawTar.entry("notes/md", RawTar.markdown("not Markdown"))
            + RawTar.end
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(report.skippedEntries == ["notes/picture.png", "notes/._Shopping.md", "notes/readme.mdx", "notes/\u{0E}md", "notes/md"])
        #expect(!report.manifestVerified)
        let notes = try await Fixtures.snapshot(store)
        #expect(Set(notes.map(\.title)) == ["Shopping", "Big idea", "Long name", "Post", "LOUD", "Long form"])
        // A file whose title is not its name keeps the name as an alias, for the vault's [[links]].
        #expect(notes.first { $0.title == "Big idea" }?.body == "---\naliases: [\"ideas\"]\n---\nintro\n# Big idea\ntext\n")
        #expect(notes.first { $0.title == "Post" }?.body == "---\naliases: [\"jekyll\"]\nlayout: post\n---\n# Post\n")
        #expect(notes.first { $0.title == "Shopping" }?.body == "eggs\nmilk\n")
        // No dates in the files: each note takes its tar entry's modification time.
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(notes.allSatisfy { $0.created == modified && $0.updated == modified && $0.revision == 1 })
    }

    @Test("an archived folder's subfolders are tags below the folder it was made of, as when the folder is imported",
          arguments: [
            (["vault/", "vault/Top.md", "vault/Recipes/", "vault/Recipes/Cakes/Sponge.md"], "tar -czf v.tar.gz vault"),
            (["vault/Top.md", "vault/Recipes/Cakes/Sponge.md"], "no folder entries"),
            (["./", "./Top.md", "./Recipes/", "./Recipes/Cakes/Sponge.md"], "tar -C vault ."),
            (["Top.md", "Recipes/Cakes/Sponge.md"], "files named one by one"),
          ])
    func archivedFolderTags(entries: [String], made: String) async throws {
        let tar = entries.flatMap { entry in
            entry.hasSuffix("/") ? RawTar.entry(entry, [], type: "5") : RawTar.entry(entry, RawTar.markdown("# " + entry.split(separator: "/").last!.dropLast(3) + "\n"))
        } + RawTar.end
        let store = InMemoryNoteStore()
        _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        let tags = Dictionary(uniqueKeysWithValues: try await Fixtures.snapshot(store).map { ($0.title, $0.tags.map(\.rawValue)) })
        #expect(tags == ["Top": [], "Sponge": ["recipes/cakes"]], "\(made)")
    }

    @Test("a Markdown-named file that is no text is skipped and named; the rest is imported")
    func notText() async throws {
        let pdf = Array("%PDF-1.4\n".utf8) + [0x00, 0x01, 0xE2, 0xE3, 0xCF, 0xD3]
        let tar = RawTar.entry("notes/scan.md", pdf) + RawTar.entry("notes/ok.md", RawTar.markdown("# OK\n")) + RawTar.end
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(report.addedCount == 1 && report.skippedEntries.isEmpty)
        #expect(report.notices.map(\.entry) == ["notes/scan.md"])
        #expect(try await Fixtures.snapshot(store).map(\.title) == ["OK"])
    }

    @Test("a file with Windows line ends is titled by its heading line, not by its whole text")
    func windowsLineEnds() async throws {
        let tar = RawTar.entry("notes/crlf.md", RawTar.markdown("intro\r\n\r\n# Heading \r\nBody\r\n# Second\r\n")) + RawTar.end
        let store = InMemoryNoteStore()
        _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(try await Fixtures.snapshot(store).map(\.title) == ["Heading"])
    }

    /// The Obsidian Hub's `# Intro to [[dataview|Dataview]] Plugin` was titled with its markup.
    @Test("a heading's links are titled by the text they show; an embed stays as written", arguments: [
        ("# Intro to [[dataview|Dataview]] Plugin", "Intro to Dataview Plugin"), ("# [[Breadcrumbs]] Quickstart", "Breadcrumbs Quickstart"),
        ("# See [the docs](https://example.com) first", "See the docs first"), ("# [[Note#Part|]] too", "Note#Part too"),
        ("# Logo ![[logo.png]]", "Logo ![[logo.png]]"), ("# [[|]]", "[[|]]"), ("# `[[code]]` stays", "`[[code]]` stays"),
    ])
    func headingLinks(heading: String, title: String) async throws {
        let tar = RawTar.entry("notes/File.md", RawTar.markdown(heading + "\nBody\n")) + RawTar.end
        let store = InMemoryNoteStore()
        _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(try await Fixtures.snapshot(store).map(\.title) == [title])
    }

    @Test("a # line in fenced code is not the title")
    func headingInCode() async throws {
        let tar = RawTar.entry("notes/Setup.md", RawTar.markdown("```sh\n# install it\n```\n# Real heading\n")) + RawTar.end
        let store = InMemoryNoteStore()
        _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(try await Fixtures.snapshot(store).map(\.title) == ["Real heading"])
    }

    /// An import streams, so a new ID cannot avoid IDs it has not read yet; with random
    /// 128-bit IDs this never happens in practice, and if it did nothing would be lost. (The
    /// generator's first ID names the import itself, for `quill import --undo`.)
    @Test("a note whose ID was given to an earlier plain file is kept as a copy")
    func freshIDsAvoidArchiveIDs() async throws {
        let nextFreshID = NoteID(high: 0xFEED, low: 2)
        let quillNote = "---\nid: \(nextFreshID)\ntitle: \"Quill note\"\ntags: []\ncreated: 2026-01-01T00:00:00.000Z\n"
            + "updated: 2026-01-01T00:00:00.000Z\nrevision: 1\n---\nbody"
        let tar = RawTar.entry("a-plain.md", RawTar.markdown("# Plain\n"))
            + RawTar.entry("b-quill.md", RawTar.markdown(quillNote)) + RawTar.end
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(report.addedCount == 1 && report.copiedCount == 1)
        #expect(await store.note(id: nextFreshID)?.title == "Plain")
        #expect(try await Fixtures.snapshot(store).map(\.title).sorted() == ["Plain", "Quill note"])
    }
}
