@testable import FileNoteStore
import FileSystemInterface
import FileSystemTesting
import Foundation
import NoteStoreInterface
import QuillModels
import StandardTesting
import Testing

/// What only the file-backed store has to prove: crash safety, index repair, corrupt files.
@Suite("File-backed note store")
struct FileNoteStoreTests {
    let root = "/data/quill"

    func store(on files: any FileAccessing, locks: any FileLocking = InMemoryLocking()) -> FileNoteStore {
        FileNoteStore(root: root, files: files, locks: locks, readerSyncDelay: .zero)
    }

    /// Interrupts a two-note batch after every possible number of file operations, then reopens
    /// the store: it must hold either the old state or the new one, never a mix, and stay usable.
    /// With a power cut, too: staged documents are created unsynced, and only the commit
    /// record, written once they are durable, makes them count.
    @Test(arguments: [false, true])
    func aWriteInterruptedAtAnyStepIsAllOrNothing(powerLoss: Bool) async throws {
        for step in 0..<40 {
            let disk = InMemoryFileSystem()
            let locks = InMemoryLocking()
            let before = try NoteMaker.note(1)
            let added = try NoteMaker.note(2)
            try await store(on: disk, locks: locks).create(before)

            let failing = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: step)
            let batch: [NoteWrite] = [
                .update(try before.revised(title: "Changed", at: NoteMaker.start), expectedRevision: 1),
                .create(added),
            ]
            let succeeded = (try? await store(on: failing, locks: locks).apply(batch, origin: .local)) != nil
            if powerLoss { disk.restart(losingUnsyncedWrites: true) }

            let reopened = store(on: disk, locks: locks)
            let titles = try await reopened.list(NoteQuery()).notes.map(\.title).sorted()
            let first = try await reopened.note(id: before.id)
            let second = try await reopened.note(id: added.id)
            let history = try await reopened.history(of: before.id).map(\.note.title)
            if titles == ["Note 1"] {
                #expect(!succeeded, "step \(step): a write that reported success was lost")
                #expect(first?.title == "Note 1" && second == nil, "step \(step)")
                #expect(history == ["Note 1"], "step \(step)")
                #expect(try await reopened.pendingChanges() == [before.id], "step \(step)")
            } else {
                #expect(titles == ["Changed", "Note 2"], "step \(step): mixed state \(titles)")
                #expect(history == ["Changed", "Note 1"], "step \(step): history \(history)")
                #expect(first?.title == "Changed" && second != nil, "step \(step)")
                #expect(Set(try await reopened.pendingChanges()) == [before.id, added.id], "step \(step)")
            }
            try await reopened.create(try NoteMaker.note(3))
            #expect(try await reopened.list(NoteQuery()).notes.count == titles.count + 1, "step \(step)")
            if !failing.hasFailed { break }
        }
    }

    /// The same for a bulk creation of two chunks, interrupted after every possible number of
    /// file operations (the rollback fails too, as in a crash): the reopened store must hold
    /// the old notes only, or every new one — and say so in `list`, `note` and pending.
    @Test func aBulkCreationInterruptedAtAnyStepIsAllOrNothing() async throws {
        var reachedTheEnd = false
        for step in 0..<80 {
            let disk = InMemoryFileSystem()
            let locks = InMemoryLocking()
            let before = try NoteMaker.note(1)
            try await store(on: disk, locks: locks).create(before)
            let withHistory = try NoteMaker.note(3, body: "newer\n").withRevision(2)
            let history = [NoteRevision(note: withHistory, origin: .edit), NoteRevision(note: try NoteMaker.note(3, body: "older\n"), origin: .created)]
            let chunks = [[try NoteMaker.note(2), withHistory], [try NoteMaker.note(4), try NoteMaker.note(5)]]

            let failing = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: step)
            let origin = WriteOrigin(isLocal: true, revisionOrigin: .imported("abc"))
            let succeeded = (try? await store(on: failing, locks: locks).createInBulk(origin: origin) { bulk async throws -> Void in
                try await bulk.add(chunks[0])
                try await bulk.addHistories([history])
                try await bulk.add(chunks[1])
            }) != nil

            let reopened = store(on: disk, locks: locks)
            let titles = try await reopened.list(NoteQuery()).notes.map(\.title).sorted()
            let found = try await chunks.joined().asyncCount { try await reopened.note(id: $0.id) != nil }
            if titles == ["Note 1"] {
                #expect(!succeeded, "step \(step): a bulk creation that reported success was lost")
                #expect(found == 0, "step \(step): uncommitted notes are readable")
                #expect(try await reopened.pendingChanges() == [before.id], "step \(step)")
                #expect(!disk.files.keys.contains { $0.hasSuffix(withHistory.id.rawValue + ".log") }, "step \(step): a history is left behind")
                #expect(try await reopened.importedNotes("abc") == nil, "step \(step)")
            } else {
                #expect(titles == ["Note 1", "Note 2", "Note 3", "Note 4", "Note 5"], "step \(step): mixed state \(titles)")
                #expect(found == 4, "step \(step)")
                #expect(try await reopened.pendingChanges().count == 5, "step \(step)")
                #expect(try await reopened.history(of: withHistory.id) == history, "step \(step)")
                #expect(try await reopened.importedNotes("abc")?.first { $0.id == withHistory.id }?.isUnchanged(withHistory) == true, "step \(step)")
            }
            try await reopened.create(try NoteMaker.note(6))
            #expect(try await reopened.list(NoteQuery()).notes.count == titles.count + 1, "step \(step)")
            if !failing.hasFailed {
                reachedTheEnd = true
                break
            }
        }
        #expect(reachedTheEnd, "every step up to an uninterrupted run was tried")
    }

    /// A page of new notes from the server, as many as `newNotesCreatedInPlace`, is created in
    /// place under an undo log (`BulkTransaction.createDurably`) instead of staged and renamed:
    /// interrupted after any number of file operations, with or without a power cut after it,
    /// the reopened store holds none of the page or all of it, and a page `apply` reported
    /// written survives the power cut. The uninterrupted run takes about one file operation per
    /// note (staging and renaming take two).
    @Test(arguments: [false, true])
    func aPageOfNewRemoteNotesInterruptedAtAnyStepIsAllOrNothing(powerLoss: Bool) async throws {
        let count = FileNoteStore.newNotesCreatedInPlace
        let page = try (1...UInt64(count)).map { try NoteMaker.note(100 + $0) }
        // Every step around the creating of the page's files; a few within it.
        let steps = Array(0..<16) + Array(stride(from: 16, to: count, by: 97)) + Array(count..<(count + 60))
        var uninterruptedAfter: Int?
        for step in steps {
            let disk = InMemoryFileSystem()
            let locks = InMemoryLocking()
            let before = try NoteMaker.note(1)
            try await store(on: disk, locks: locks).create(before)

            let failing = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: step)
            let succeeded = (try? await store(on: failing, locks: locks).apply(page.map { .create($0) }, origin: .remote)) != nil
            if powerLoss { disk.restart(losingUnsyncedWrites: true) }

            let reopened = store(on: disk, locks: locks)
            let listed = try await reopened.list(NoteQuery()).notes.count
            let found = try await reopened.notes(ids: page.map(\.id)).count
            if listed == 1 {
                #expect(!succeeded, "step \(step): a page that reported success was lost")
                #expect(found == 0, "step \(step): \(found) notes of an undone page are readable")
            } else {
                #expect(listed == count + 1, "step \(step): mixed state, \(listed) notes listed")
                #expect(found == count, "step \(step)")
                #expect(try await reopened.note(id: page[count / 2].id) == page[count / 2], "step \(step)")
            }
            #expect(try await reopened.pendingChanges() == [before.id], "step \(step): a note from the server is pending")
            try await reopened.create(try NoteMaker.note(2))
            #expect(try await reopened.list(NoteQuery()).notes.count == listed + 1, "step \(step)")
            if !failing.hasFailed {
                uninterruptedAfter = step
                break
            }
        }
        let operations = try #require(uninterruptedAfter, "every step up to an uninterrupted run was tried")
        #expect(operations < count + 30, "\(operations) file operations for \(count) new notes")
    }

    /// A bulk creation given up part way (an import that meets a bad file) is undone; a process
    /// killed at any step of that undo leaves nothing that stops the next bulk creation, which
    /// writes its summary chunks under the same names.
    @Test func anUndoInterruptedAtAnyStepLeavesRoomForTheNextBulkCreation() async throws {
        struct GivenUp: Error {}
        var reachedTheEnd = false
        for step in 0..<60 {
            let disk = InMemoryFileSystem()
            try await store(on: disk).create(try NoteMaker.note(1))
            let history = [NoteRevision(note: try NoteMaker.note(3).withRevision(2), origin: .edit), NoteRevision(note: try NoteMaker.note(3), origin: .created)]
            let failing = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: step)
            _ = try? await store(on: failing).createInBulk(origin: .local) { bulk async throws -> Void in
                try await bulk.add([try NoteMaker.note(2), history[0].note])
                try await bulk.addHistories([history])
                try await bulk.add([try NoteMaker.note(4)])
                throw GivenUp()
            }

            let reopened = store(on: disk)
            try await reopened.createInBulk(origin: .local) { bulk in
                try await bulk.add([try NoteMaker.note(5)])
                try await bulk.add([try NoteMaker.note(6)])
            }
            #expect(try await reopened.list(NoteQuery()).notes.map(\.title).sorted() == ["Note 1", "Note 5", "Note 6"], "step \(step)")
            #expect(!disk.files.keys.contains { $0.hasSuffix(".log") }, "step \(step): the undone batch's history is left behind")
            if !failing.hasFailed {
                reachedTheEnd = true
                break
            }
        }
        #expect(reachedTheEnd, "every step up to an uninterrupted undo was tried")
    }

    /// A summary chunk without an undo log (a store an undo of an earlier release was killed in)
    /// is removed by the next writer, and its lines reach no index.
    @Test func aSummaryChunkWithoutItsUndoLogIsRemoved() async throws {
        let disk = InMemoryFileSystem()
        try await store(on: disk).create(try NoteMaker.note(1))
        var orphan: [UInt8] = []
        IndexLine.append(try NoteMaker.note(2).summary, to: &orphan)
        try disk.write(Data(orphan), to: StoreLayout(root: root).bulkSummaries(1))

        try await store(on: disk).createInBulk(origin: .local) { try await $0.add([try NoteMaker.note(3)]) }
        #expect(try await store(on: disk).list(NoteQuery()).notes.map(\.title).sorted() == ["Note 1", "Note 3"])
    }

    /// A prune cut short anywhere leaves each note's history whole: pruned or not, readable, the
    /// current revision untouched.
    @Test func aPruneInterruptedAtAnyStepLeavesEveryHistoryReadable() async throws {
        var reachedTheEnd = false
        for step in 0..<40 {
            let disk = InMemoryFileSystem()
            var currents: [Note] = []
            for number: UInt64 in 1...3 {
                var note = try NoteMaker.note(number, body: "0\n")
                try await store(on: disk).create(note)
                for edit in 1...3 {
                    let next = try note.revised(body: "\(edit)\n", at: NoteMaker.start.addingTimeInterval(Double(edit)))
                    try await store(on: disk).update(next, expectedRevision: note.revision)
                    note = next
                }
                currents.append(note)
            }
            let failing = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: step)
            _ = try? await store(on: failing).pruneHistory(.revisions(2), now: NoteMaker.start, dryRun: false)
            let reopened = store(on: disk)
            for note in currents {
                let history = try await reopened.history(of: note.id)
                #expect(history.first?.note == note, "step \(step)")
                #expect([2, 4].contains(history.count), "step \(step): \(history.count) revisions")
                #expect(history.map(\.note.body) == Array(["3\n", "2\n", "1\n", "0\n"].prefix(history.count)), "step \(step)")
            }
            if !failing.hasFailed {
                reachedTheEnd = true
                #expect(try await reopened.pruneHistory(.revisions(2), now: NoteMaker.start, dryRun: true) == PrunedHistory())
                break
            }
        }
        #expect(reachedTheEnd, "every step up to an uninterrupted run was tried")
    }

    /// A store of one note, then a bulk creation (not yet durable) of `count` more in chunks of
    /// 500, the first with a history of two revisions.
    func storeAfterABulkCreation(adding count: Int, origin: WriteOrigin) async throws
        -> (disk: InMemoryFileSystem, before: Note, added: [Note], history: [NoteRevision]) {
        let disk = InMemoryFileSystem()
        let before = try NoteMaker.note(1)
        try await store(on: disk).create(before)
        let added = try (2...UInt64(count + 1)).map { try NoteMaker.note($0) }
        let history = [NoteRevision(note: added[0], origin: .edit), NoteRevision(note: try NoteMaker.note(2, body: "older\n"), origin: .created)]
        try await store(on: disk).createInBulk(origin: origin) { bulk in
            for chunk in stride(from: 0, to: added.count, by: 500) { try await bulk.add(Array(added[chunk..<min(chunk + 500, added.count)])) }
            try await bulk.addHistories([history])
        }
        return (disk, before, added, history)
    }

    /// A bulk creation returns before its files are durable. Whatever a restart of the machine
    /// does to them, the store then holds all of the batch or none of it.
    @Test(arguments: [RestartAfterABulkCreation.powerLoss, .cleanShutdown, .powerLossAfterTheNextWrite, .powerLossAfterTheNextReadSettled])
    func aRestartAfterABulkCreationKeepsAllOrNothing(restart: RestartAfterABulkCreation) async throws {
        let (disk, before, added, history) = try await storeAfterABulkCreation(adding: 1_200, origin: .local)
        var written: [NoteID] = []
        if restart == .powerLossAfterTheNextWrite {
            let next = try NoteMaker.note(9_999)
            try await store(on: disk).create(next)
            written.append(next.id)
        }
        if restart == .powerLossAfterTheNextReadSettled {
            let reader = store(on: disk)
            _ = try await reader.note(id: before.id)
            await reader.bulkDurability.settle()
        }
        disk.restart(losingUnsyncedWrites: restart != .cleanShutdown)

        let reopened = store(on: disk)
        let listed = try await reopened.list(NoteQuery()).notes
        if restart == .powerLoss {
            #expect(listed.map(\.id) == [before.id])
            #expect(try await reopened.note(id: added[0].id) == nil)
            #expect(!disk.files.keys.contains { $0.hasSuffix(".log") }, "the batch's history went with it")
            #expect(try await reopened.pendingChanges() == [before.id])
            #expect(!disk.files.keys.contains { $0.contains("/txn/") }, "the undo log and summaries are gone")
        } else {
            #expect(listed.count == 1_201 + written.count)
            #expect(try await reopened.note(id: added[1_199].id) == added[1_199])
            #expect(try await reopened.history(of: added[0].id) == history)
            #expect(try await reopened.pendingChanges().count == 1_201 + written.count)
        }
    }

    /// The first read after a bulk creation journals it and reads on while the disk takes its
    /// files. A power cut before the disk has them undoes the batch everywhere the journaling
    /// put it (index, pending marks, the import's record, its histories); a clean restart
    /// keeps it, and the next write finishes it.
    @Test(arguments: [true, false])
    func aBatchJournaledForAReaderIsUndoneEverywhereByAPowerCutBeforeTheDiskHasIt(powerLoss: Bool) async throws {
        let origin = WriteOrigin(isLocal: true, revisionOrigin: .imported("abc"))
        let (disk, before, added, history) = try await storeAfterABulkCreation(adding: 700, origin: origin)
        let generation = try JournalGeneration(layout: StoreLayout(root: root), files: disk).current()
        // A reader on a machine that loses power before its disk takes anything more.
        let reader = store(on: FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: nil, synchronizeFails: true))
        #expect(try await reader.list(NoteQuery()).notes.count == 701, "the reader sees the batch at once")
        #expect(try await reader.pendingChanges().count == 701)
        #expect(try await reader.importedNotes("abc")?.count == 700)
        await reader.bulkDurability.settle()
        #expect(disk.files.keys.contains("\(root)/txn/BULK-JOURNALED"), "the batch is not finished without a durable disk")

        disk.restart(losingUnsyncedWrites: powerLoss)
        let reopened = store(on: disk)
        let listed = try await reopened.list(NoteQuery()).notes
        if powerLoss {
            #expect(listed.map(\.id) == [before.id])
            #expect(try await reopened.pendingChanges() == [before.id])
            #expect(try await reopened.importedNotes("abc") == nil)
            #expect(!disk.files.keys.contains { $0.hasSuffix(".log") }, "the batch's history went with it")
            #expect(!disk.files.keys.contains { $0.contains("/txn/") })
            #expect(try JournalGeneration(layout: StoreLayout(root: root), files: disk).current() != generation,
                    "search indexes start over and forget the batch")
        } else {
            #expect(listed.count == 701)
            #expect(try await reopened.history(of: added[0].id) == history)
            #expect(try await reopened.importedNotes("abc")?.count == 700)
            try await reopened.create(try NoteMaker.note(9_999))
            #expect(!disk.files.keys.contains { $0.contains("/txn/") }, "the next write finished the batch")
            #expect(try await reopened.pendingChanges().count == 702)
        }
    }

    /// A reader's journaling of a committed batch, interrupted after every possible number of
    /// file operations: the batch stays whole for the next command, and a power cut right
    /// after still leaves all of it or none.
    @Test(arguments: [true, false])
    func aReadersJournalingInterruptedAtAnyStepKeepsTheBatchWhole(powerLossAfter: Bool) async throws {
        var reachedTheEnd = false
        for step in 0..<40 {
            let disk = InMemoryFileSystem()
            let before = try NoteMaker.note(1)
            try await store(on: disk).create(before)
            let added = try (2...5).map { try NoteMaker.note(UInt64($0)) }
            try await store(on: disk).createInBulk(origin: WriteOrigin(isLocal: true, revisionOrigin: .imported("abc"))) { bulk in
                try await bulk.add(Array(added[..<2]))
                try await bulk.add(Array(added[2...]))
            }
            let failing = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: step)
            let reader = store(on: failing)
            _ = try? await reader.list(NoteQuery())
            await reader.bulkDurability.settle()
            if powerLossAfter { disk.restart(losingUnsyncedWrites: true) }

            let reopened = store(on: disk)
            let count = try await reopened.list(NoteQuery()).notes.count
            if count == 1 {
                #expect(powerLossAfter, "step \(step): a committed batch was lost without a power cut")
                #expect(try await reopened.pendingChanges() == [before.id], "step \(step)")
                #expect(try await reopened.importedNotes("abc") == nil, "step \(step)")
            } else {
                #expect(count == 5, "step \(step): mixed state of \(count) notes")
                #expect(try await added.asyncCount { try await reopened.note(id: $0.id) == $0 } == 4, "step \(step)")
                #expect(try await reopened.pendingChanges().count == 5, "step \(step)")
                #expect(try await reopened.importedNotes("abc")?.count == 4, "step \(step)")
            }
            try await reopened.create(try NoteMaker.note(6))
            #expect(!disk.files.keys.contains { $0.contains("/txn/") }, "step \(step)")
            if !failing.hasFailed {
                reachedTheEnd = true
                break
            }
        }
        #expect(reachedTheEnd, "every step up to an uninterrupted run was tried")
    }

    /// A long-lived reader (`quill mcp`) journals each import it meets and finishes each, not
    /// only the first.
    @Test func aLongLivedReaderFinishesEveryBatchItJournals() async throws {
        let disk = InMemoryFileSystem()
        let reader = store(on: disk)
        for number: UInt64 in 1...2 {
            try await store(on: disk).createInBulk(origin: .local) { try await $0.add([try NoteMaker.note(number)]) }
            #expect(try await reader.list(NoteQuery()).notes.count == Int(number))
            await reader.bulkDurability.settle()
            #expect(!disk.files.keys.contains { $0.contains("/txn/") }, "batch \(number) is finished")
        }
    }

    /// A reader leaves a batch's files to the kernel for `readerSyncDelay` before it makes them
    /// durable: a `synchronize` at once would have the kernel's writeback compete with the
    /// reader for the cores. Until then a power cut undoes the batch, as one before any command.
    @Test func aReaderLeavesTheBatchToTheKernelForItsDelay() async throws {
        let (disk, before, _, _) = try await storeAfterABulkCreation(adding: 600, origin: .local)
        let reader = FileNoteStore(root: root, files: disk, locks: InMemoryLocking(), readerSyncDelay: .seconds(3_600))
        #expect(try await reader.list(NoteQuery()).notes.count == 601, "the reader sees the batch at once")
        try await Task.sleep(for: .milliseconds(200))
        #expect(disk.exists("\(root)/txn/BULK-JOURNALED"), "the batch waits for the disk")

        disk.restart(losingUnsyncedWrites: true)
        #expect(try await store(on: disk).list(NoteQuery()).notes.map(\.id) == [before.id],
                "nothing made the files durable, so the power cut undid the batch")
    }

    /// A reader that journaled a batch finishes it only while its token still names it: by the
    /// time its disk has synced, another command may have finished that batch and begun another.
    @Test func aReadersFinishDoesNotEndALaterBatch() async throws {
        let disk = InMemoryFileSystem()
        let transaction = BulkTransaction(layout: StoreLayout(root: root), files: disk)
        try await store(on: disk).createInBulk(origin: .local) { try await $0.add([try NoteMaker.note(1)]) }
        guard case .awaitingDisk(let first) = try transaction.recover(deferringDurability: true) else {
            Issue.record("the first batch was not left to the disk")
            return
        }
        try await store(on: disk).create(try NoteMaker.note(2))
        try await store(on: disk).createInBulk(origin: .local) { try await $0.add([try NoteMaker.note(3)]) }
        guard case .awaitingDisk(let second) = try transaction.recover(deferringDurability: true) else {
            Issue.record("the second batch was not left to the disk")
            return
        }
        #expect(try !transaction.finish(journaled: first))
        #expect(disk.files.keys.contains("\(root)/txn/BULK"), "the later batch can still be undone")
        #expect(try transaction.finish(journaled: second))
        #expect(!disk.files.keys.contains { $0.contains("/txn/") })
    }

    /// A process killed inside a `write` of a bulk creation's record (`BULK-COMMIT`) leaves its
    /// temporary file in `txn/` (`WriteLeftovers`); the next write removes it (seen in the
    /// history kill test with the real file system).
    @Test func aKilledWritesTemporaryFileIsRemovedByTheNextWrite() async throws {
        let disk = InMemoryFileSystem()
        try await store(on: disk).create(try NoteMaker.note(1))
        for name in ["BULK-COMMIT.tmp-28962-2789244249", "BULK-JOURNALED.tmp-1-2", "COMMIT.tmp-3-4"] {
            try disk.write(Data("torn".utf8), to: "\(root)/txn/\(name)")
        }
        try await store(on: disk).create(try NoteMaker.note(2))
        #expect(!disk.files.keys.contains { $0.contains("/txn/") })
        #expect(try await store(on: disk).note(id: try NoteMaker.note(1).id) != nil)
    }

    /// A write does not sync `txn/` after renaming its staged documents into place, so a power
    /// cut can bring a staged document back. The reopened store holds the write once (note,
    /// history, pending) and the next write clears the leftover.
    @Test func aStagedDocumentBackAfterAPowerCutIsALeftover() async throws {
        let disk = InMemoryFileSystem()
        let original = try NoteMaker.note(1)
        try await store(on: disk).create(original)
        let edited = try original.revised(title: "Edited", at: NoteMaker.start)
        try await store(on: disk).update(edited, expectedRevision: 1)
        disk.restart(losingUnsyncedWrites: true)
        #expect(disk.files.keys.contains("\(root)/txn/\(original.id.rawValue).json"), "the model brings the staged document back")

        let reopened = store(on: disk)
        #expect(try await reopened.note(id: original.id) == edited)
        #expect(try await reopened.history(of: original.id).map(\.note.title) == ["Edited", "Note 1"])
        #expect(try await reopened.pendingChanges() == [original.id])
        try await reopened.create(try NoteMaker.note(2))
        #expect(!disk.files.keys.contains { $0.contains("/txn/") })
        #expect(try await reopened.history(of: original.id).map(\.note.title) == ["Edited", "Note 1"])
    }

    enum RestartAfterABulkCreation: Sendable {
        /// Power lost before anything made the batch durable: its files are left empty.
        case powerLoss
        /// Nothing lost, but the epoch is new: every note is checked before the batch is kept.
        case cleanShutdown
        /// Power lost after the next write, which finished the batch (and so made it durable).
        case powerLossAfterTheNextWrite
        /// Power lost after the next read, once the batch it journaled has reached the disk.
        case powerLossAfterTheNextReadSettled
    }

    /// Index lines are written byte by byte (a bulk creation appends a chunk's lines to one
    /// buffer): each reads back as the summary it was written from, escapes included.
    @Test(arguments: ["plain", "tab\there", "back\\slash \\t", "Café ☕ – ünïcödé", "\\"])
    func anIndexLineReadsBackAsItsSummary(title: String) throws {
        let note = try NoteMaker.note(7, title: title, tags: ["b", "a"]).deleted(at: NoteMaker.start.addingTimeInterval(90))
        var bytes: [UInt8] = []
        IndexLine.append(note.summary, to: &bytes)
        #expect(bytes.last == 0x0a)
        #expect(String(decoding: bytes, as: UTF8.self) == IndexLine.encode(note.summary))
        let decoded = bytes.dropLast().withUnsafeBufferPointer { IndexLine.decode($0[...]) }
        #expect(decoded == note.summary)
    }

    /// A store the previous release wrote has no `history/`: each note is one revision (its
    /// number as stored, origin unrecorded), and the first edit starts the note's log.
    @Test func aStoreOfThePreviousReleaseUpgradesInPlace() async throws {
        let disk = InMemoryFileSystem()
        let old = try NoteMaker.note(1, body: "written\nby the previous release\n").withRevision(3)
        try disk.createDirectory(root + "/notes")
        try disk.write(NoteJSON.encode(old), to: root + "/notes/" + old.id.rawValue + ".json")
        let notes = store(on: disk)
        #expect(try await notes.history(of: old.id) == [NoteRevision(note: old, origin: .created)])
        let edited = try old.revised(body: "written\nby this release\n", at: NoteMaker.start)
        try await notes.update(edited, expectedRevision: 3)
        #expect(try await notes.history(of: old.id) == [NoteRevision(note: edited, origin: .edit), NoteRevision(note: old, origin: .created)])
        #expect(try await notes.list(NoteQuery()).notes.map(\.revision) == [4])
    }

    /// A power cut during an append can leave a history line without its end: readers skip it,
    /// and the next append rewrites the log without it.
    @Test func aTornHistoryLineIsDroppedByTheNextAppend() async throws {
        let disk = InMemoryFileSystem()
        let notes = store(on: disk)
        let first = try NoteMaker.note(1, body: "one\n")
        try await notes.create(first)
        let second = try first.revised(body: "two\n", at: NoteMaker.start)
        try await notes.update(second, expectedRevision: 1)
        let log = root + "/history/" + first.id.rawValue + ".log"
        try disk.append(Data(#"{"r":2,"u":1,"x":["#.utf8), to: log)
        #expect(try await notes.history(of: first.id).map(\.note.body) == ["two\n", "one\n"])
        let third = try second.revised(body: "three\n", at: NoteMaker.start)
        try await notes.update(third, expectedRevision: 2)
        #expect(try await notes.history(of: first.id).map(\.note.body) == ["three\n", "two\n", "one\n"])
        #expect(String(decoding: try disk.read(log), as: UTF8.self).split(separator: "\n").count == 2)
    }

    @Test func anUnreadableHistoryRecordIsReportedAsCorrupt() async throws {
        let disk = InMemoryFileSystem()
        let notes = store(on: disk)
        let first = try NoteMaker.note(1, body: "one\n")
        try await notes.create(first)
        try await notes.update(try first.revised(body: "two\n", at: NoteMaker.start), expectedRevision: 1)
        let log = root + "/history/" + first.id.rawValue + ".log"
        try disk.write(Data(#"{"r":1,"u":1,"x":[[5,9]],"o":"edit"}"#.utf8 + [10]), to: log)
        await #expect(throws: NoteStoreError.self) { try await notes.history(of: first.id) }
        #expect(try await notes.note(id: first.id)?.body == "two\n", "the note itself still reads")
    }

    @Test func aMissingIndexIsRebuiltFromTheNotes() async throws {
        let disk = InMemoryFileSystem()
        try await store(on: disk).apply([.create(try NoteMaker.note(1)), .create(try NoteMaker.note(2))], origin: .local)
        try disk.remove(root + "/index")
        #expect(try await store(on: disk).list(NoteQuery()).notes.count == 2)
        #expect(disk.exists(root + "/index"), "the rebuilt index is saved")
    }

    @Test func theCatalogOfAStoreWithoutIndexComesFromTheNotes() async throws {
        let disk = InMemoryFileSystem()
        try await store(on: disk).apply([.create(try NoteMaker.note(2)), .create(try NoteMaker.note(1, minutes: 3))], origin: .local)
        try disk.remove(root + "/index")
        let catalog = try await store(on: disk).catalog(NoteQuery(), after: nil, limit: 100)
        #expect(catalog.ids == [try NoteMaker.note(1).id, try NoteMaker.note(2).id])
        #expect(catalog.newestUpdate == NoteMaker.start.addingTimeInterval(180))
    }

    @Test("a catalog page is read from an index larger than one read, lines crossing reads")
    func catalogOfALargeIndex() async throws {
        let disk = InMemoryFileSystem()
        let notes = try (1...6000).map { try NoteMaker.note(UInt64($0), title: String(repeating: "t", count: 180) + " \($0)") }
        try await store(on: disk).apply(notes.map { .create($0) }, origin: .local)
        #expect(try disk.read(root + "/index").count > 1 << 20)
        var collected: [NoteID] = []
        var after: NoteID?
        repeat {
            let page = try await store(on: disk).catalog(NoteQuery(), after: after, limit: 2500)
            collected += page.ids
            after = page.resumeAfter
        } while after != nil
        #expect(collected == notes.map(\.id).sorted())
    }

    @Test("an undo log larger than one read is read whole, a cut-short last line skipped")
    func undoLogLinesCrossReads() throws {
        let disk = InMemoryFileSystem()
        let ids = (1...40_000).map { NoteID(high: 0xd00d, low: UInt64($0)) }
        try disk.createDirectory(root)
        try disk.write(Data((ids.map { $0.rawValue + "\n" }.joined() + "00ff").utf8), to: root + "/log")
        #expect(try disk.read(root + "/log").count > FileLines.pieceBytes)
        var read: [NoteID] = []
        try IDLines.forEach(inFile: root + "/log", files: disk) { read.append($0) }
        #expect(read == ids)
    }

    @Test func aDamagedIndexIsRebuiltFromTheNotes() async throws {
        let disk = InMemoryFileSystem()
        try await store(on: disk).apply([.create(try NoteMaker.note(1)), .create(try NoteMaker.note(2))], origin: .local)
        try disk.write(Data("garbage\n".utf8), to: root + "/index")
        #expect(try await store(on: disk).list(NoteQuery()).notes.map(\.title).sorted() == ["Note 1", "Note 2"])
    }

    /// Resolving an ID reads only the matching lines of the journal, yet a damaged line of any
    /// note still sends it to the index rebuilt from the notes, never to a wrong answer.
    @Test(arguments: ["id", "fields", "decode"])
    func anIDIsResolvedThroughADamagedJournalLine(damage: String) async throws {
        let disk = InMemoryFileSystem()
        let first = try NoteMaker.note(1), second = try NoteMaker.note(2)
        try await store(on: disk).apply([.create(first), .create(second)], origin: .local)
        let journal = String(decoding: try disk.read(root + "/index"), as: UTF8.self)
        let line = journal.split(separator: "\n").first { $0.hasPrefix(first.id.rawValue) }!
        let damaged = switch damage {
        case "id": "XY" + line.dropFirst(2)
        case "fields": line.replacingOccurrences(of: "\t", with: " ")
        default: line.replacingOccurrences(of: "\t1\t", with: "\tone\t")
        }
        try disk.write(Data(journal.replacingOccurrences(of: line, with: damaged).utf8), to: root + "/index")
        #expect(try await store(on: disk).ids(withPrefix: first.id.rawValue) == [first.id])
        #expect(try await store(on: disk).ids(withPrefix: second.id.rawValue) == [second.id])
    }

    @Test func aCorruptNoteIsReportedWhileTheOthersStillList() async throws {
        let disk = InMemoryFileSystem()
        let bad = try NoteMaker.note(1)
        try await store(on: disk).apply([.create(bad), .create(try NoteMaker.note(2, body: "findme"))], origin: .local)
        try disk.write(Data("{ not json".utf8), to: root + "/notes/\(bad.id).json")

        await #expect(throws: NoteStoreError.self) { try await store(on: disk).note(id: bad.id) }
        try disk.remove(root + "/index")
        let listing = try await store(on: disk).list(NoteQuery())
        #expect(listing.notes.map(\.title) == ["Note 2"])
        #expect(listing.problems.count == 1)
        #expect(!disk.exists(root + "/index"), "an index missing a corrupt note is not saved, so it keeps being reported")
    }

    @Test func theIndexIsCompactedWhenMostOfItIsSuperseded() async throws {
        let disk = InMemoryFileSystem()
        let files = store(on: disk)
        var note = try NoteMaker.note(1)
        try await files.create(note)
        for index in 0..<1100 {
            let next = try note.revised(body: "v\(index)", at: NoteMaker.start)
            try await files.update(next, expectedRevision: note.revision)
            note = next
        }
        let before = try #require(disk.files[root + "/index"]).count
        #expect(try await files.list(NoteQuery()).notes.map(\.revision) == [1101])
        let after = try #require(disk.files[root + "/index"]).count
        #expect(after < before / 100)
        #expect(try await files.list(NoteQuery()).notes.map(\.revision) == [1101])
    }

    @Test func readingAnAbsentStoreCreatesNothing() async throws {
        let disk = InMemoryFileSystem()
        #expect(try await store(on: disk).list(NoteQuery()).notes.isEmpty)
        #expect(try await store(on: disk).pendingChanges().isEmpty)
        #expect(!disk.exists(root))
    }

    @Test func anUnwritableRootIsReportedAsUnavailable() async throws {
        let disk = InMemoryFileSystem()
        try disk.createDirectory("/data")
        try disk.write(Data(), to: root)
        await #expect(throws: NoteStoreError.self) { try await store(on: disk).create(try NoteMaker.note(1)) }
    }

    /// A process keeps its replay of the pending journal and reads only what was appended since;
    /// what another process appends or rewrites (an older quill rewrites without a generation) is seen.
    @Test func theCachedPendingJournalSeesOtherWriters() async throws {
        let disk = InMemoryFileSystem()
        let mine = store(on: disk), other = store(on: disk)
        let one = try NoteMaker.note(1), two = try NoteMaker.note(2), three = try NoteMaker.note(3)
        try await mine.create(one)
        #expect(try await mine.pendingChanges() == [one.id])
        try await other.create(two)
        #expect(try await mine.pendingChanges() == [one.id, two.id])
        try await other.acknowledge([one.id: 1])
        #expect(try await mine.pendingChanges(among: [one.id, two.id]) == [two.id])
        try disk.write(Data("+\(three.id)\n".utf8), to: root + "/pending")
        #expect(try await mine.pendingChanges() == [three.id])
        try await other.create(try NoteMaker.note(4))
        #expect(try await mine.pendingChanges() == [three.id, try NoteMaker.note(4).id])
    }

    /// Acknowledging appends to the pending journal (a sync pays per batch, not per store), and
    /// the journal is rewritten as the pending notes once superseded lines outnumber them.
    @Test func acknowledgementsAppendAndTheJournalStaysBounded() async throws {
        let disk = InMemoryFileSystem()
        let store = store(on: disk)
        let count = PendingJournal.slack + 100
        var notes: [Note] = []
        for index in 0..<count { notes.append(try NoteMaker.note(UInt64(index))) }
        for start in stride(from: 0, to: count, by: 1000) {
            try await store.apply(notes[start..<min(start + 1000, count)].map { .create($0) }, origin: .local)
        }
        let lines = { String(decoding: try disk.read(root + "/pending"), as: UTF8.self).split(separator: "\n") }
        try await store.acknowledge([notes[0].id: 1, notes[1].id: 1])
        #expect(try lines().count == 1 + count + 2 && lines().last == "-\(notes[1].id)") // the generation, the marks, the acknowledgements
        #expect(try await store.pendingChanges() == notes.dropFirst(2).map(\.id))

        for start in stride(from: 2, to: count - 1, by: 500) {
            try await store.acknowledge(Dictionary(uniqueKeysWithValues: notes[start..<min(start + 500, count - 1)].map { ($0.id, 1) }))
        }
        #expect(try await store.pendingChanges() == [notes[count - 1].id])
        #expect(try lines().count <= PendingJournal.slack + 2)
    }

    /// A store of a release that kept tags as typed may hold a tag decomposed, in its note's file
    /// and in the summary journal: a listing by the tag, typed either way, finds the note.
    @Test func aTagStoredDecomposedByAnEarlierReleaseIsFound() async throws {
        let disk = InMemoryFileSystem()
        let composed = "r\u{E9}f\u{E9}rence", decomposed = "re\u{301}fe\u{301}rence"
        try await store(on: disk).create(try NoteMaker.note(1, tags: [composed]))
        let (from, to) = (Data(composed.utf8), Data(decomposed.utf8))
        var rewritten = 0
        for (path, data) in disk.files where path.hasPrefix(root) && data.range(of: from) != nil {
            var bytes = data
            while let found = bytes.range(of: from) { bytes.replaceSubrange(found, with: to) }
            try disk.write(bytes, to: path)
            rewritten += 1
        }
        #expect(rewritten >= 2, "the note's file and the summary journal")
        for typed in [composed, decomposed] {
            #expect(try await store(on: disk).list(NoteQuery(tag: Tag(typed))).notes.map(\.title) == ["Note 1"])
        }
    }

    /// A process that rewrites the pending journal keeps the rewrite as its cached replay: what it
    /// then reads, after its own acknowledgements and another process's writes, is what a process
    /// replaying the file afresh reads. Seeded (`QUILL_PENDING_SEED`).
    @Test func theReplayCachedAtARewriteIsTheJournalsReplay() async throws {
        let seed = ProcessInfo.processInfo.environment["QUILL_PENDING_SEED"].flatMap(UInt64.init) ?? 0x5eed_0003
        var random = SplitMix64(seed: seed)
        let disk = InMemoryFileSystem()
        let mine = store(on: disk), other = store(on: disk)
        var next: UInt64 = 0
        func made(_ count: Int) throws -> [Note] {
            defer { next += UInt64(count) }
            return try (next..<(next + UInt64(count))).map { try NoteMaker.note($0) }
        }
        try await mine.apply(try made(PendingJournal.slack + 300).map { .create($0) }, origin: .local)
        let generation = { String(decoding: try disk.read(root + "/pending").prefix { $0 != 0x0a }, as: UTF8.self) }
        var rewrites = 0
        for step in 0..<40 {
            let pending = try await mine.pendingChanges()
            switch random.next() % 4 {
            case 0, 1:
                let before = try generation()
                let chosen = pending.filter { _ in random.next() % 3 == 0 }
                try await mine.acknowledge(Dictionary(uniqueKeysWithValues: chosen.map { ($0, 1) }))
                if try generation() != before { rewrites += 1 }
            case 2:
                try await other.acknowledge(Dictionary(uniqueKeysWithValues: pending.prefix(Int(random.next() % 50)).map { ($0, 1) }))
            default:
                try await other.apply(try made(1 + Int(random.next() % 400)).map { .create($0) }, origin: .local)
            }
            #expect(try await mine.pendingChanges() == store(on: disk).pendingChanges(), "seed \(seed) (QUILL_PENDING_SEED), step \(step)")
        }
        #expect(rewrites > 0, "seed \(seed): no rewrite by the process that caches")
    }
}

extension Sequence {
    /// How many elements satisfy an async predicate.
    func asyncCount(where predicate: (Element) async throws -> Bool) async rethrows -> Int {
        var count = 0
        for element in self where try await predicate(element) { count += 1 }
        return count
    }
}
