import ArgumentParser
import Foundation
import QuillModels
import QuillServerCLI
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing

/// `quill-server attachments gc` against the test root, over an in-memory store: what a
/// note, a kept revision or a tombstone's history refers to stays; the rest goes.
@Suite("Attachment commands")
struct ServerAttachmentCommandsTests {
    let store = InMemoryServerStore()
    let console = RecordingConsole()

    var environment: (ServerOptions) throws -> ServerCLIEnvironment {
        ServerTestRoots.commandLine(store: store, sessions: InMemoryWebSessionStore(), hasher: MarkerTokenHasher(),
                                    tokens: SequentialTokenGenerator(), clock: FixedClock(CommandTestClock.now), console: console)
    }

    static func hash(_ byte: String) -> AttachmentHash { AttachmentHash(String(repeating: byte, count: 32))! }
    static func referring(to byte: String) -> String {
        "See " + AttachmentReference.markdown(hash: hash(byte), name: "\(byte).png", embedded: true) + "\n"
    }

    func hold(_ byte: String, bytes: Int, whole: Bool = true, account: AccountID) async throws {
        _ = try await store.appendAttachment(Self.hash(byte), account: account, offset: 0, bytes: [UInt8](repeating: 7, count: bytes))
        if whole { try await store.completeAttachment(Self.hash(byte), account: account) }
    }

    func note(_ id: String, body: String, account: AccountID) async throws -> Note {
        try await store.create(try Note(id: #require(NoteID(id)), title: id, body: body, tags: [], created: Date(timeIntervalSince1970: 0),
                                        updated: Date(timeIntervalSince1970: 0)), account: account)
    }

    @Test func collectKeepsWhatNotesRevisionsAndTombstonesReferToAndRemovesTheRest() async throws {
        try await run(["account", "create", "ann"], in: environment)
        try await run(["account", "create", "bob"], in: environment)
        let accounts = try await store.accountSummaries().map(\.account)
        let ann = try #require(accounts.first { $0.name == "ann" }).id, bob = try #require(accounts.first { $0.name == "bob" }).id
        // aa: in a note; bb: only in an earlier revision; cc: in a deleted note's history; dd and ee
        // (half arrived): in nothing; ff: only in code (kept all the same); bob's dd: in bob's note.
        for (byte, size) in [("aa", 10), ("bb", 20), ("cc", 30), ("dd", 40), ("ff", 60)] { try await hold(byte, bytes: size, account: ann) }
        try await hold("ee", bytes: 50, whole: false, account: ann)
        try await hold("dd", bytes: 40, account: bob)
        _ = try await note("a1a1a1a1", body: Self.referring(to: "aa"), account: ann)
        let edited = try await note("b2b2b2b2", body: Self.referring(to: "bb"), account: ann)
        _ = try await store.replace(edited.revised(body: "no picture now", at: Date(timeIntervalSince1970: 1)), account: ann, ifRevision: 1, origin: .api)
        let gone = try await note("c3c3c3c3", body: Self.referring(to: "cc"), account: ann)
        _ = try await store.replace(gone.deleted(at: Date(timeIntervalSince1970: 2)), account: ann, ifRevision: 1, origin: .api)
        _ = try await note("d4d4d4d4", body: Self.referring(to: "dd"), account: bob)
        _ = try await note("e5e5e5e5", body: "- ```md\n  " + Self.referring(to: "ff") + "  ```\n", account: ann)
        console.clear()

        #expect(throws: (any Error).self, "removing needs --yes") { try QuillServer.parseAsRoot(["attachments", "gc"]) }
        try await run(["attachments", "gc", "--dry-run"], in: environment)
        #expect(console.errors == "would remove 2 attachments (90 bytes) that no note or kept revision refers to\n")
        #expect(try await store.attachments(account: ann).count == 6)
        console.clear()
        try await run(["attachments", "gc", "--yes"], in: environment)
        #expect(console.errors == "removed 2 attachments (90 bytes) that no note or kept revision refers to\n")
        #expect(Set(try await store.attachments(account: ann).keys) == [Self.hash("aa"), Self.hash("bb"), Self.hash("cc"), Self.hash("ff")])
        #expect(Set(try await store.attachments(account: bob).keys) == [Self.hash("dd")])
    }
}
