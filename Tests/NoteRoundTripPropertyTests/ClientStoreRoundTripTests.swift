import FileNoteStore
import FileSystemTesting
import Foundation
import LocalFileSystem
import NotesFeature
import NoteStoreInterface
import NoteStoreTesting
import PropertyBased
import QuillModels
import ScratchDirectories
import StandardTesting
import Testing

/// The CLI's doors (`quill add`, `quill edit`) into every client store, and back out through
/// every read: the note itself, the listing (the file store's summary journal), a store opened
/// afresh on the same files, and a listing rebuilt from the note files.
@Suite("Round trips through the client stores", .scratchDirectory)
struct ClientStoreRoundTripTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case inMemory, fileOnInMemoryFileSystem, fileOnDisk
        var testDescription: String { rawValue }
    }

    /// A store, and how to open a second instance over the same data (the same one in memory).
    struct Subject {
        let store: any NoteStore
        let reopen: () -> any NoteStore
        /// Removes the summary journal so that the next listing is rebuilt from the note files.
        let dropIndex: () throws -> Void
    }

    static func subject(_ kind: Kind) throws -> Subject {
        switch kind {
        case .inMemory:
            let store = InMemoryNoteStore()
            return Subject(store: store, reopen: { store }, dropIndex: {})
        case .fileOnInMemoryFileSystem:
            let files = InMemoryFileSystem(), locks = InMemoryLocking()
            return Subject(store: FileNoteStore(root: "/q", files: files, locks: locks, readerSyncDelay: .zero),
                           reopen: { FileNoteStore(root: "/q", files: files, locks: locks, readerSyncDelay: .zero) },
                           dropIndex: { try files.remove("/q/index") })
        case .fileOnDisk:
            let root = try Scratch.directory("round-trip") + "/quill"
            return Subject(store: FileNoteStore(root: root, files: LocalFileAccessor(), locks: FlockLocking(), readerSyncDelay: .zero),
                           reopen: { FileNoteStore(root: root, files: LocalFileAccessor(), locks: FlockLocking(), readerSyncDelay: .zero) },
                           dropIndex: { try FileManager.default.removeItem(atPath: root + "/index") })
        }
    }

    static let start = Date(millisecondsSince1970: 1_767_603_600_123)

    @Test("quill add: accepted as the rules say, read back byte for byte everywhere", arguments: Kind.allCases)
    func add(_ kind: Kind) async throws {
        let subject = try Self.subject(kind)
        let ids = SequentialNoteIDs(namespace: 0xADD)
        let service = NoteService(store: subject.store, clock: FixedClock(Self.start), ids: ids)
        var written: [NoteID: Content] = [:]
        await propertyCheck(count: Budget.cases, input: NastyText.inputs) { input in
            let oracle = Oracle(input, id: NoteID(high: 0, low: 0), at: Self.start)
            do {
                let note = try await service.add(title: input.title, body: input.body, tags: input.tags)
                guard let expected = oracle.expectAccepted() else { return }
                #expect(Content(note) == Content(expected))
                written[note.id] = Content(note)
                try await Self.expectReadsBack(note, from: subject.store)
                try await Self.expectReadsBack(note, from: subject.reopen())
            } catch let refusal as NoteValidationError {
                oracle.expectRefusal(refusal)
            }
        }
        try await Self.expectListing(written, of: subject.reopen())
        try subject.dropIndex()
        try await Self.expectListing(written, of: subject.reopen())
    }

    @Test("quill edit: accepted as the rules say, read back byte for byte everywhere", arguments: Kind.allCases)
    func edit(_ kind: Kind) async throws {
        let subject = try Self.subject(kind)
        let service = NoteService(store: subject.store, clock: FixedClock(Self.start), ids: SequentialNoteIDs(namespace: 0xED17))
        let original = try await service.add(title: "Original", body: "body", tags: ["keep", "drop"])
        await propertyCheck(count: Budget.cases, input: NastyText.inputs) { input in
            do {
                let current = try await service.note(original.id.rawValue)
                let oracle = Result { () throws(NoteValidationError) -> Note in
                    let tags = try Tag.normalize(current.tags.map(\.rawValue).filter { $0 != "drop" } + input.tags)
                    return try current.revised(title: input.title, body: input.body, tags: tags, at: Self.start)
                }
                do {
                    let edited = try await service.edit(original.id.rawValue, changes: NoteChanges(
                        title: input.title, body: input.body, addTags: input.tags, removeTags: ["drop"]))
                    #expect(Content(edited) == (try? oracle.get()).map { Content($0) })
                    try await Self.expectReadsBack(edited, from: subject.store)
                    try await Self.expectReadsBack(edited, from: subject.reopen())
                } catch let refusal as NoteValidationError {
                    if case .failure(let expected) = oracle { #expect(refusal == expected) } else { Issue.record("edit refused: \(refusal)") }
                    #expect(Oracle.namesAField(refusal))
                }
            } catch {
                Issue.record("unexpected failure: \(error)")
            }
        }
    }

    static func expectReadsBack(_ note: Note, from store: any NoteStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let read = try #require(try await store.note(id: note.id), sourceLocation: sourceLocation)
        #expect(Content(read) == Content(note), sourceLocation: sourceLocation)
        let listing = try await store.list(NoteQuery(includeDeleted: true))
        #expect(listing.problems.isEmpty, "\(listing.problems)", sourceLocation: sourceLocation)
        let summary = try #require(listing.notes.first { $0.id == note.id }, sourceLocation: sourceLocation)
        #expect(Content(summary) == Content(note, withBody: false), sourceLocation: sourceLocation)
        for tag in note.tags {
            #expect(try await store.list(NoteQuery(tag: tag)).notes.contains { $0.id == note.id }, sourceLocation: sourceLocation)
        }
    }

    static func expectListing(_ written: [NoteID: Content], of store: any NoteStore) async throws {
        let listing = try await store.list(NoteQuery(includeDeleted: true))
        #expect(listing.problems.isEmpty, "\(listing.problems)")
        #expect(listing.notes.count == written.count)
        for summary in listing.notes {
            let expected = try #require(written[summary.id])
            #expect(Content(summary) == Content(title: expected.title, tags: expected.tags, isDeleted: expected.isDeleted))
        }
    }
}

extension Content {
    init(title: [UInt8], tags: [[UInt8]], isDeleted: Bool) {
        self.title = title
        self.body = nil
        self.tags = tags
        self.isDeleted = isDeleted
    }
}
