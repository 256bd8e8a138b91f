@testable import ArchiveFeature
import ByteStreamTesting
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

/// `quill export --history`: each note's earlier revisions travel as `history/<id>.log`, listed
/// in the manifest's `history`, and an import restores them (docs/archive-format.md).
@Suite("Archives with history")
struct HistoryArchiveTests {
    /// A store holding one note with three revisions (an edit, a title change) and one with one.
    static func storeWithHistory() async throws -> (store: InMemoryNoteStore, edited: Note, plain: Note) {
        let notes = try Fixtures.trickyNotes()
        let store = InMemoryNoteStore(notes: notes)
        var edited = notes[0]
        for (step, body) in ["first line\nsecond\n", "first line\nSECOND ☕\n"].enumerated() {
            let next = try edited.revised(title: step == 1 ? "Renamed" : nil, body: body, at: Fixtures.epoch.addingTimeInterval(Double(step + 1) * 60))
            try await store.update(next, expectedRevision: edited.revision, origin: step == 1 ? .restore(1) : .local)
            edited = next
        }
        return (store, edited, notes[1])
    }

    static func export(_ store: InMemoryNoteStore, history: Bool = true) async throws -> [UInt8] {
        let sink = InMemoryByteSink()
        _ = try await ArchiveExporter(store: store, history: store, attachments: nil, compression: Fixtures.zlib, scratch: InMemoryScratchStorage())
            .export(to: sink, options: ExportOptions(includesHistory: history))
        return sink.bytes
    }

    @Test func anImportRestoresEveryRevisionAndTheOriginsTheyCameWith() async throws {
        let (source, edited, plain) = try await Self.storeWithHistory()
        let archive = try await Self.export(source)
        let names = ManifestTests.entries(ofTar: try Fixtures.gunzip(archive)).map(\.name)
        #expect(names.filter { $0.hasPrefix("quill-notes/history/") } == ["quill-notes/history/", HistoryEntry.path(for: edited.id)],
                "a log only for the note with earlier revisions")
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive, maximumReadSize: 333))
        #expect(report.manifestVerified && report.historyCount == 1 && report.skippedEntries.isEmpty)
        #expect(await store.history(of: edited.id) == source.history(of: edited.id))
        #expect(await store.history(of: edited.id).map(\.origin) == [.restore(1), .edit, .created])
        #expect(await store.history(of: plain.id).count == 1)
    }

    @Test func withoutTheFlagAnArchiveHoldsNoHistoryAndImportsAsBefore() async throws {
        let (source, edited, _) = try await Self.storeWithHistory()
        let archive = try await Self.export(source, history: false)
        #expect(!ManifestTests.entries(ofTar: try Fixtures.gunzip(archive)).contains { $0.name.contains("history") })
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        #expect(report.historyCount == 0)
        #expect(await store.history(of: edited.id) == [NoteRevision(note: edited, origin: .created)])
    }

    /// Re-packed by another tool: a history before its note waits for it; one after some other
    /// note is reported, not imported, and the notes still are.
    @Test(arguments: [true, false])
    func aRepackedArchiveKeepsAHistoryThatComesBeforeItsNote(historyFirst: Bool) async throws {
        let (source, edited, _) = try await Self.storeWithHistory()
        let archive = try ManifestTests.reordered(try await Self.export(source)) { entries in
            let logs = entries.filter { $0.name.hasSuffix(".log") }, rest = entries.filter { !$0.name.hasSuffix(".log") }
            return historyFirst ? logs + rest : rest + logs
        }
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        #expect(report.manifestVerified)
        #expect(report.historyCount == (historyFirst ? 1 : 0))
        #expect(await store.history(of: edited.id).count == (historyFirst ? 3 : 1))
        #expect(report.notices.contains { $0.message.contains("history not imported") } == !historyFirst)
    }

    /// The note is already there: a different one keeps its own, and the archive's becomes a copy
    /// with the archive's history; the same one is left alone, history and all.
    @Test func aCopyTakesTheArchivesHistoryAndAnUnchangedNoteKeepsItsOwn() async throws {
        let (source, edited, _) = try await Self.storeWithHistory()
        let archive = try await Self.export(source)
        let local = try edited.revised(body: "changed here\n", at: Fixtures.epoch.addingTimeInterval(999))
        let store = InMemoryNoteStore(notes: [local])
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        let copy = try #require(report.copies.first.flatMap { action -> NoteID? in
            if case .copied(_, _, let copy, _, _) = action { return copy }
            return nil
        })
        #expect(await store.history(of: copy).map(\.note.body) == source.history(of: edited.id).map(\.note.body))
        #expect(await store.history(of: local.id) == [NoteRevision(note: local, origin: .created)])

        let kept = await source.history(of: edited.id)
        let again = try await Fixtures.importer(source).importArchive(from: InMemoryByteSource(archive))
        #expect(again.historyCount == 0 && again.addedCount == 0)
        #expect(again.notices.contains { $0.entry == HistoryEntry.path(for: edited.id) })
        #expect(await source.history(of: edited.id) == kept)
    }

    @Test func aHistoryThatDoesNotLeadToItsNoteIsRefusedAndNothingIsImported() async throws {
        let (source, edited, _) = try await Self.storeWithHistory()
        let record = RevisionRecord.encode(try edited.revised(body: "x\n", at: Fixtures.epoch), replacing: edited, origin: .edit, mergeAncestor: nil, whole: false)
        let bad = [UInt8]("{\"r\":1,\"u\":0,\"x\":[[5,9]],\"o\":\"edit\"}\n".utf8)
        for (content, reason) in [(bad, "do not lead"), (Array("not json\n".utf8), "line 1"), (Array(record.dropLast().utf8), "line end")] {
            let archive = try Self.plain(try await Self.export(source), replacingLogWith: content)
            let store = InMemoryNoteStore()
            await #expect(throws: ArchiveError.self, "\(reason)") {
                try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
            }
            do {
                _ = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
            } catch {
                #expect("\(error)".contains(reason) && "\(error)".contains(HistoryEntry.path(for: edited.id)), "\(error)")
            }
            #expect(try await Fixtures.snapshot(store).isEmpty)
        }
    }

    @Test func theManifestVouchesForEveryHistoryEntry() async throws {
        let (source, _, _) = try await Self.storeWithHistory()
        let archive = try await Self.export(source)
        let withoutLog = try ManifestTests.reordered(archive) { $0.filter { !$0.name.hasSuffix(".log") } }
        let changedLog = try ManifestTests.reordered(archive) { entries in
            entries.map { entry in
                guard entry.name.hasSuffix(".log"), let brace = entry.bytes.firstIndex(of: UInt8(ascii: "{")) else { return entry }
                var bytes = Array(entry.bytes)
                bytes[brace - entry.bytes.startIndex + 5] = UInt8(ascii: "9")
                return (entry.name, bytes[...])
            }
        }
        for (archive, reason) in [(withoutLog, "missing from the archive"), (changedLog, "SHA-256")] {
            do {
                _ = try await Fixtures.importer(InMemoryNoteStore()).importArchive(from: InMemoryByteSource(archive))
                Issue.record("imported an archive whose history does not match its manifest (\(reason))")
            } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
        }
    }

    /// The archive without its manifest (as if re-packed), with the log's content replaced.
    static func plain(_ archive: [UInt8], replacingLogWith content: [UInt8]) throws -> [UInt8] {
        try ManifestTests.reordered(archive) { entries in
            entries.filter { !$0.name.hasSuffix("manifest.json") }.map { entry in
                guard entry.name.hasSuffix(".log") else { return entry }
                return (entry.name, RawTar.entry(entry.name, content)[...])
            }
        }
    }
}
