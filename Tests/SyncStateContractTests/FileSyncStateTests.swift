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

    @Test("A state file of the release that kept its pushes in flight inside it loads them; the next save moves them to files of their own")
    func inlineInFlightPushes() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileSyncStateStore(directory: directory)
        // Written by that release's `save`: two pushes in flight, the second sent with cursor 12.
        try Data(("""
            {"cursor":"12","inFlightPushes":[{"changes":[{"baseRevision":null,"note":{"body":"Hello ✓","created":"2026-11-20T10:00:00.000Z",\
            "deleted":false,"format":1,"id":"a1","revision":1,"tags":["x"],"title":"New","updated":"2026-11-20T10:00:00.000Z"}}],\
            "requestID":"0123456789abcdef0123456789abcdef"},{"changes":[{"baseRevision":4,"note":{"body":"","created":"2026-11-20T10:00:00.000Z",\
            "deleted":true,"format":1,"id":"b2","revision":5,"tags":[],"title":"Old","updated":"2026-11-20T10:00:01.000Z"}}],\
            "requestID":"fedcba9876543210fedcba9876543210","since":"12"}],"lastSuccessfulSyncMilliseconds":1795000000123}
            """).utf8).write(to: URL(fileURLWithPath: store.path))
        let loaded = try await store.load()
        #expect(loaded.inFlightPushes.map(\.requestID) == ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"])
        #expect(loaded.inFlightPushes.map(\.since) == [nil, SyncCursor("12")] && loaded.cursor == SyncCursor("12"))
        #expect(loaded.inFlightPushes[1].changes.first?.note.isDeleted == true && loaded.inFlightPushes[1].changes.first?.baseRevision == 4)
        try await store.save(loaded)
        #expect(try await FileSyncStateStore(directory: directory).load() == loaded)
        #expect(try pushFiles(in: directory).count == 2)
        #expect(try !String(contentsOfFile: store.path, encoding: .utf8).contains("Hello"))
    }

    @Test("A push in flight is written once, in a file of its own, and goes when it has landed")
    func pushFileWrittenOnce() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileSyncStateStore(directory: directory)
        let (first, second) = (try Self.push("first"), try Self.push("second"))
        try await store.save(SyncState(inFlightPushes: [first]))
        let written = try pushFiles(in: directory)
        #expect(written.count == 1)
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: directory + "/" + written[0])[.systemFileNumber] as? UInt64)
        try await store.save(SyncState(cursor: SyncCursor("1"), inFlightPushes: [first, second]))
        #expect(try FileManager.default.attributesOfItem(atPath: directory + "/" + written[0])[.systemFileNumber] as? UInt64 == inode)
        #expect(try pushFiles(in: directory).count == 2)
        try await store.save(SyncState(cursor: SyncCursor("2"), inFlightPushes: [second]))
        #expect(try pushFiles(in: directory).count == 1 && !pushFiles(in: directory).contains(written[0]))
        try await store.reset()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("A push file a crash left before the state named it is ignored, and the next save removes it")
    func pushFileLeftByACrash() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileSyncStateStore(directory: directory)
        try await store.save(SyncState(cursor: SyncCursor("1")))
        try Data(try Self.push("cut short").bodyJSON).write(to: URL(fileURLWithPath: directory + "/push-6162.json"))
        #expect(try await store.load() == SyncState(cursor: SyncCursor("1")))
        try await store.save(SyncState(cursor: SyncCursor("2")))
        #expect(try pushFiles(in: directory).isEmpty)
    }

    @Test("A state naming a push file that is missing, or a name that is not one, is a clear error")
    func missingPushFile() async throws {
        let directory = try Implementation.temporaryDirectory()
        let store = FileSyncStateStore(directory: directory)
        for files in [#"["push-6162.json"]"#, #"["../state.json"]"#] {
            try Data(#"{"cursor":"1","inFlightPushFiles":\#(files)}"#.utf8).write(to: URL(fileURLWithPath: store.path))
            await #expect { try await store.load() } throws: { "\($0)".contains("unreadable sync state") }
        }
    }

    private static func push(_ requestID: String) throws -> PushRequest {
        let date = Date(millisecondsSince1970: 1_795_000_000_000)
        return PushRequest(requestID: requestID, changes: [OutgoingChange(note: try Note(
            id: #require(NoteID("a1")), title: "A", body: "b", tags: [], created: date, updated: date, revision: 1), baseRevision: nil)])
    }

    private func pushFiles(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("push-") }.sorted()
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
