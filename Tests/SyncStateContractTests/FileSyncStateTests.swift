import FileSyncState
import Foundation
import QuillModels
import SyncStateInterface
import SyncTransportInterface
import Testing

@Suite("File sync state: what only the files promise", .scratchDirectory)
struct FileSyncStateTests {
    @Test("The credentials file is private (0600) and its directory 0700")
    func credentialsArePrivate() async throws {
        let directory = try Implementation.temporaryDirectory() + "/config/quill"
        let store = FileCredentialStore(directory: directory)
        try await store.save(Credentials(server: URL(string: "http://127.0.0.1:1")!, token: "secret"))
        let file = try FileManager.default.attributesOfItem(atPath: store.path)
        let folder = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["credentials.json"])
    }

    @Test("A token issued to this device is remembered as such; a credentials file of an earlier release reads as a token given")
    func credentialsRememberWhoIssuedTheToken() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileCredentialStore(directory: directory)
        let server = try #require(URL(string: "https://notes.example.com"))
        try await store.save(Credentials(server: server, token: "quill_1_a", issuedToThisDevice: true))
        #expect(try await store.load() == Credentials(server: server, token: "quill_1_a", issuedToThisDevice: true))
        try Data(#"{"server": "https://notes.example.com", "token": "quill_2_b"}"#.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(try await store.load() == Credentials(server: server, token: "quill_2_b", issuedToThisDevice: false))
    }

    @Test("A corrupt credentials file is a clear error, not a silent logout")
    func corruptCredentials() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileCredentialStore(directory: directory)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.path))
        await #expect { try await store.load() } throws: { "\($0)".contains("quill login") }
    }

    @Test("A state file from an older quill, with an in-flight push ID but not its changes, loads without it")
    func legacyInFlightPushID() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileSyncStateStore(directory: directory)
        try Data(#"{"cursor":"12","inFlightPushID":"0123456789abcdef","lastSuccessfulSyncMilliseconds":1795000000123}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        #expect(try await store.load() == SyncState(cursor: SyncCursor("12"),
                                                     lastSuccessfulSync: Date(millisecondsSince1970: 1_795_000_000_123)))
    }

    @Test("A state file of the release that kept one push in flight loads it as the one in-flight push")
    func singleInFlightPush() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileSyncStateStore(directory: directory)
        // Written by that release's `save` for a push of one new note sent with cursor 12.
        try Data(("""
            {"cursor":"12","inFlightPush":{"changes":[{"baseRevision":null,"note":{"body":"Hello ✓","created":"2026-11-20T10:00:00.000Z",\
            "deleted":false,"format":1,"id":"a1","revision":1,"tags":["x"],"title":"New","updated":"2026-11-20T10:00:00.000Z"}}],\
            "requestID":"r-1","since":"12"},"lastSuccessfulSyncMilliseconds":1795000000123}
            """).utf8).write(to: URL(fileURLWithPath: store.path))
        let loaded = try await store.load()
        let push = try #require(loaded.inFlightPushes.first)
        #expect(loaded.inFlightPushes.count == 1 && loaded.cursor == SyncCursor("12"))
        #expect(push.requestID == "r-1" && push.since == SyncCursor("12") && push.changes.map(\.baseRevision) == [nil])
        #expect(try push.changes.first?.note.body == "Hello ✓" && push.changes.first?.note.tags == [Tag("x")])
        try await store.save(loaded)
        #expect(try await FileSyncStateStore(directory: directory).load() == loaded)
    }

    @Test("A torn last line in the base-revision log (crash mid-append) loses nothing else")
    func tornLogLine() async throws {
        let directory = try Implementation.temporaryDirectory()
        let path = directory + "/base-revisions.log"
        try Data("aa 3\nbb 2\ncc 1".utf8).write(to: URL(fileURLWithPath: path))
        let writer = FileBaseRevisionStore(directory: directory)
        try await writer.record([NoteID("dd")!: 5])
        let reader = FileBaseRevisionStore(directory: directory)
        let found = try await reader.baseRevisions(of: ["aa", "bb", "cc", "dd"].compactMap(NoteID.init))
        #expect(found == [NoteID("aa")!: 3, NoteID("bb")!: 2, NoteID("cc")!: 1, NoteID("dd")!: 5])
    }
}

@Suite("File base revisions: looking up a few notes scans, many notes load; both agree", .scratchDirectory)
struct FileBaseRevisionLookupTests {
    @Test func scanAndLoadAgree() async throws {
        let directory = try Implementation.temporaryDirectory()
        let writer = FileBaseRevisionStore(directory: directory)
        let ids = (1...200).compactMap { NoteID(String(format: "%032x", $0)) }
        for round in 1...3 {
            try await writer.record(Dictionary(uniqueKeysWithValues: ids.map { ($0, round * 10 + Int($0.rawValue.suffix(2), radix: 16)! % 7) }))
        }
        try await writer.record([ids[0]: 1]) // lower: must not win
        let few = Array(ids.prefix(5)) + [NoteID("ffff")!]
        let scanned = try await FileBaseRevisionStore(directory: directory).baseRevisions(of: few)
        let loaded = try await FileBaseRevisionStore(directory: directory).baseRevisions(of: ids + [NoteID("ffff")!])
        #expect(scanned.count == 5)
        #expect(scanned == loaded.filter { few.contains($0.key) })
        #expect(scanned[ids[0]] == 30 + 1 % 7)
    }
}
