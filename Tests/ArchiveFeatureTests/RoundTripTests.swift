@testable import ArchiveFeature
import ByteStreamTesting
import CompressionInterface
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

@Suite("Archive round trip")
struct RoundTripTests {
    struct Setup: CustomTestStringConvertible, Sendable {
        let name: String
        let compression: any Compressing & Decompressing
        let mode: ExportOptions.Mode
        var testDescription: String { name }
    }

    static let setups = [
        Setup(name: "zlib, single stream", compression: Fixtures.zlib, mode: .singleStream),
        Setup(name: "zlib, parallel small blocks", compression: Fixtures.zlib, mode: .parallel(blockBytes: 4096, maximumInFlight: 3)),
        Setup(name: "fake, parallel", compression: Fixtures.fake, mode: .defaultParallel),
        Setup(name: "fake, single stream", compression: Fixtures.fake, mode: .singleStream),
    ]

    @Test("export then import into an empty store preserves every note exactly", arguments: setups)
    func exact(_ setup: Setup) async throws {
        let notes = try Fixtures.trickyNotes() + SampleNotes.all()
        let archive = try await Fixtures.export(notes, compression: setup.compression, options: ExportOptions(mode: setup.mode))
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store, decompression: setup.compression)
            .importArchive(from: InMemoryByteSource(archive, maximumReadSize: 997))
        #expect(report.addedCount == notes.count)
        #expect(report.manifestVerified)
        #expect(report.skippedEntries.isEmpty)
        #expect(try await Fixtures.snapshot(store) == notes.sorted { $0.id < $1.id })
        for note in notes {
            #expect(await store.note(id: note.id)?.body.utf8.elementsEqual(note.body.utf8) == true)
        }
    }

    @Test("importing the same archive again changes nothing")
    func idempotent() async throws {
        let notes = try Fixtures.trickyNotes()
        let archive = try await Fixtures.export(notes)
        let store = InMemoryNoteStore(notes: notes)
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        #expect(report.unchangedCount == notes.count)
        #expect(report.addedCount == 0 && report.copiedCount == 0)
        #expect(await store.pendingChanges().isEmpty)
    }

    @Test("a different note with the same ID is kept, and the incoming one becomes a reported copy")
    func conflictKeepsBoth() async throws {
        let incoming = try Fixtures.trickyNotes()[0]
        let local = try incoming.revised(body: "edited locally", at: Fixtures.epoch.addingTimeInterval(99))
        let archive = try await Fixtures.export([incoming])
        let store = InMemoryNoteStore(notes: [local])
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        #expect(report.copiedCount == 1)
        guard case .copied(_, let original, let copyID, _, _) = try #require(report.copies.first) else {
            Issue.record("expected a copy")
            return
        }
        #expect(original == incoming.id)
        #expect(await store.note(id: incoming.id) == local)
        let copy = try #require(await store.note(id: copyID))
        #expect(copy.body == incoming.body && copy.title == incoming.title && copy.tags == incoming.tags)
    }

    @Test("a note's file edited outside Quill (its revision and time still the store's) becomes the note's next revision")
    func editedOutside() async throws {
        let stored = try Fixtures.trickyNotes()[0]
        let edited = try Note(id: stored.id, title: stored.title, body: stored.body + "\nedited in Obsidian\n", tags: stored.tags,
                              created: stored.created, updated: stored.updated, revision: stored.revision)
        let tar = RawTar.entry("notes/a.md", FrontMatter.render(edited)) + RawTar.end
        let store = InMemoryNoteStore(notes: [stored])
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(report.updatedCount == 1 && report.copiedCount == 0 && report.addedCount == 0)
        let now = try #require(await store.note(id: stored.id))
        #expect(now.body == edited.body && now.revision == stored.revision + 1 && now.created == stored.created)
        #expect(now.updated == max(Fixtures.epoch, stored.updated))
        // The same file again: what the store holds.
        #expect(try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar))).unchangedCount == 1)
        // The file of an older revision, edited: both are kept.
        let older = try Note(id: edited.id, title: edited.title, body: edited.body + "and once more\n", tags: edited.tags,
                             created: edited.created, updated: edited.updated, revision: edited.revision)
        let again = RawTar.entry("notes/a.md", FrontMatter.render(older)) + RawTar.end
        #expect(try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(again))).copiedCount == 1)
        // The same revision written at another moment (another device's edit): both are kept.
        let mine = try Fixtures.trickyNotes()[1]
        let otherStore = InMemoryNoteStore(notes: [mine])
        let other = try Note(id: mine.id, title: mine.title, body: mine.body + "another device\n", tags: mine.tags,
                             created: mine.created, updated: mine.updated.addingTimeInterval(1), revision: mine.revision)
        let theirs = RawTar.entry("notes/b.md", FrontMatter.render(other)) + RawTar.end
        #expect(try await Fixtures.importer(otherStore).importArchive(from: InMemoryByteSource(try Fixtures.gzip(theirs))).copiedCount == 1)
    }

    @Test("a note ID that appears twice in one archive is treated like a stored one, in a dry run too",
          arguments: [false, true])
    func repeatedIDInOneArchive(dryRun: Bool) async throws {
        let id = try Fixtures.trickyNotes()[1].id
        func entry(_ name: String, _ body: String) -> [UInt8] {
            RawTar.entry(name, Array("---\nid: \(id)\ntitle: \"x\"\ntags: []\ncreated: 2026-01-01T00:00:00.000Z\nupdated: 2026-01-01T00:00:00.000Z\nrevision: 1\n---\n\(body)".utf8))
        }
        let archive = try Fixtures.gzip(entry("a.md", "body") + entry("b.md", "body") + entry("c.md", "other") + RawTar.end)
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive), dryRun: dryRun)
        #expect(report.addedCount == 1 && report.unchangedCount == 1 && report.copiedCount == 1)
        #expect(try await Fixtures.snapshot(store).count == (dryRun ? 0 : 2))
    }

    @Test("a dry run reports the plan and writes nothing")
    func dryRun() async throws {
        let archive = try await Fixtures.export(try Fixtures.trickyNotes())
        let store = InMemoryNoteStore()
        let planned = PlannedActions()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive), dryRun: true,
                                                                      plan: { planned.actions.append($0) })
        #expect(report.addedCount == 14)
        #expect(!report.applied)
        let notes = try Fixtures.trickyNotes()
        #expect(planned.actions.count == 14, "the plan lists every entry, as it is decided")
        #expect(Set(planned.actions.compactMap { if case .added(_, let id, _, _) = $0 { id } else { nil } }) == Set(notes.map(\.id)))
        #expect(try await Fixtures.snapshot(store).isEmpty)
    }

    @Test("an import reads on the background executor; a dry run needs none")
    func importReadsInTheBackground() async throws {
        let archive = try await Fixtures.export(try Fixtures.trickyNotes())
        let background = DefaultPriorityExecutor()
        let importer = ArchiveImporter(store: InMemoryNoteStore(), attachments: nil, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(), clock: FixedClock(Fixtures.epoch), background: background)
        _ = try await importer.importArchive(from: InMemoryByteSource(archive), dryRun: true)
        #expect(background.jobsEnqueued == 0)
        #expect(try await importer.importArchive(from: InMemoryByteSource(archive)).addedCount == 14)
        #expect(background.jobsEnqueued > 0)
    }

    @Test("verify checks the archive and reports without importing")
    func verify() async throws {
        let archive = try await Fixtures.export(try Fixtures.trickyNotes())
        let store = InMemoryNoteStore()
        let verifier = ArchiveVerifier(store: store, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(), ids: SequentialNoteIDs(), clock: FixedClock(Fixtures.epoch))
        let report = try await verifier.verify(InMemoryByteSource(archive))
        #expect(report.manifestVerified && report.addedCount == 14)
        #expect(try await Fixtures.snapshot(store).isEmpty)
    }

    @Test("export with a tag filter writes only the notes with that tag")
    func tagFilter() async throws {
        let notes = try Fixtures.trickyNotes()
        let work = try Tag("work")
        let archive = try await Fixtures.export(notes, options: ExportOptions(tag: work))
        let store = InMemoryNoteStore()
        _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        #expect(try await Fixtures.snapshot(store) == notes.filter { $0.tags.contains(work) })
    }

    @Test("an empty store exports a valid archive that imports to nothing")
    func emptyStore() async throws {
        let archive = try await Fixtures.export([])
        let report = try await Fixtures.importer(InMemoryNoteStore()).importArchive(from: InMemoryByteSource(archive))
        #expect(report.copies.isEmpty && report.noteCount == 0 && report.manifestVerified)
    }

    @Test("parallel export is several gzip members that read as one tar")
    func parallelMembers() async throws {
        let notes = SampleNotes.all()
        let parallel = try await Fixtures.export(notes, options: ExportOptions(mode: .parallel(blockBytes: 2048, maximumInFlight: 2)))
        let single = try await Fixtures.export(notes, options: ExportOptions(mode: .singleStream))
        #expect(try Fixtures.gunzip(parallel) == Fixtures.gunzip(single))
        let members = (0..<(parallel.count - 2)).filter { parallel[$0] == 0x1F && parallel[$0 + 1] == 0x8B && parallel[$0 + 2] == 8 }
        #expect(members.count > 1)
    }
}

/// Collects what an importer's `plan` callback is given.
final class PlannedActions {
    var actions: [ImportReport.Action] = []
}
