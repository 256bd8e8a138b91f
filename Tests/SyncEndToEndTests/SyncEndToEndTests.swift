import Foundation
import ChildProcesses
import Testing

/// Two real `quill` homes syncing through real `quill-server` processes on 127.0.0.1.
@Suite("quill sync end to end", .serialized)
struct SyncEndToEndTests {
    static let postgresURL = ProcessInfo.processInfo.environment["QUILL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Two homes logged in to `servers` (the first home to the first server, the second to the
    /// last), one naming its server as the argument, the other with `--server`.
    func twoHomes(token: String, servers: [ListeningServer]) async throws -> (QuillHome, QuillHome) {
        let alice = try QuillHome(), bob = try QuillHome()
        #expect(try await alice.succeed(["login", servers[0].url, "--token", token]) == "logged in to \(servers[0].url)")
        #expect(try await bob.succeed(["login", "--server", servers[servers.count - 1].url, "--token", token]).hasPrefix("logged in"))
        return (alice, bob)
    }

    /// The scenario both storage setups run: create, propagate, edit, conflict, delete, status.
    func editAndConflict(alice: QuillHome, bob: QuillHome) async throws {
        let plan = try await alice.succeed(["add", "Plan", "--body", "v1"])
        let groceries = try await alice.succeed(["add", "Groceries", "--body", "milk"])
        #expect(try await alice.succeed(["status"]).contains("pending local changes: 2"))
        #expect(try await alice.succeed(["sync"]) == "pulled 0, pushed 2, conflicts 0")
        #expect(try await bob.succeed(["sync"]) == "pulled 2, pushed 0, conflicts 0")
        #expect(try await bob.notes() == (try await alice.notes()))

        // Both edit the same note: Bob's stays, Alice's becomes a conflict copy, on both sides.
        _ = try await alice.succeed(["edit", plan, "--body", "alice's plan"])
        _ = try await bob.succeed(["edit", plan, "--body", "bob's plan"])
        #expect(try await alice.succeed(["sync"]) == "pulled 0, pushed 1, conflicts 0")
        let bobSync = try await bob.run(["sync"])
        #expect(bobSync.status == 0)
        #expect(bobSync.output.contains("conflicts 1"), "\(bobSync.output)")
        #expect(bobSync.errors.contains("conflict from server"))
        _ = try await alice.succeed(["sync"])
        let aliceNotes = try await alice.notes()
        #expect(aliceNotes == (try await bob.notes()))
        #expect(aliceNotes[plan] == "Plan|bob's plan")
        #expect(aliceNotes.values.contains { $0.hasPrefix("Plan (conflict from server ") && $0.hasSuffix("|alice's plan") })
        #expect(aliceNotes.count == 3)

        // A delete propagates as a tombstone.
        _ = try await bob.succeed(["rm", plan])
        _ = try await bob.succeed(["sync"])
        _ = try await alice.succeed(["sync"])
        #expect(try await alice.notes()[plan] == nil)
        #expect(try await alice.notes() == (try await bob.notes()))

        // Every revision is kept: the server's history of the note holds both homes' versions, and
        // the deleted note comes back from the trash with a restore that syncs like an edit.
        let serverHistory = try await alice.succeed(["history", plan, "--server", "--json"])
        let revisions = try JSONSerialization.jsonObject(with: Data(serverHistory.utf8)) as? [[String: Any]] ?? []
        #expect(revisions.map { $0["revision"] as? Int } == [4, 3, 2, 1], "\(serverHistory)")
        #expect(revisions.map { $0["deleted"] as? Bool } == [true, false, false, false])
        #expect(try await alice.succeed(["show", plan, "--revision", "2", "--server", "--json"]).contains("alice's plan"))
        #expect(try await bob.succeed(["show", plan, "--revision", "2", "--server", "--json"]).contains("alice's plan"))
        #expect(try await alice.succeed(["trash"]).contains("Plan"))
        #expect(try await alice.succeed(["restore", plan]).hasPrefix("restored"))
        _ = try await alice.succeed(["sync"])
        _ = try await bob.succeed(["sync"])
        #expect(try await bob.notes()[plan] == "Plan|bob's plan")
        #expect(try await bob.succeed(["history", plan]).contains("sync"))
        _ = try await bob.succeed(["rm", plan])
        _ = try await bob.succeed(["sync"])
        _ = try await alice.succeed(["sync"])

        // Two edits made offline keep their numbers through the push: each names one revision.
        _ = try await alice.succeed(["edit", groceries, "--body", "milk, eggs"])
        _ = try await alice.succeed(["edit", groceries, "--body", "milk, eggs, bread"])
        _ = try await alice.succeed(["sync"])
        #expect(try await revisionNumbers(alice, groceries) == [3, 2, 1])
        #expect(try await revisionNumbers(alice, groceries, server: true) == [3, 1])
        #expect(try await alice.succeed(["show", groceries, "--revision", "2", "--json"]).contains("milk, eggs\""))
        _ = try await bob.succeed(["sync"])
        #expect(try await revisionNumbers(bob, groceries) == [3, 1])

        let status = try await alice.succeed(["status"])
        #expect(status.contains("pending local changes: 0"))
        #expect(!status.contains("last successful sync: never"))
    }

    /// Both homes edit different lines of one note: the server merges them, and each home ends with
    /// both edits, no conflict copy, and a server history that names the merge.
    func editsMerge(alice: QuillHome, bob: QuillHome) async throws {
        let list = try await alice.succeed(["add", "Packing", "--body", "passport\ntickets\ncharger\n同步\n"])
        _ = try await alice.succeed(["sync"])
        _ = try await bob.succeed(["sync"])
        _ = try await alice.succeed(["edit", list, "--body", "passport (renewed)\ntickets\ncharger\n同步\n"])
        _ = try await bob.succeed(["edit", list, "--body", "passport\ntickets\ncharger\n同步してください\n"])
        #expect(try await alice.succeed(["sync"]) == "pulled 0, pushed 1, conflicts 0")
        #expect(try await bob.succeed(["sync"]) == "pulled 0, pushed 1, conflicts 0, merged 1")
        _ = try await alice.succeed(["sync"])
        let merged = "Packing|passport (renewed)\ntickets\ncharger\n同步してください\n"
        #expect(try await alice.notes()[list] == merged)
        #expect(try await bob.notes() == (try await alice.notes()))
        #expect(try await alice.succeed(["status"]).contains("pending local changes: 0"))
        #expect(try await bob.succeed(["history", list, "--server"]).contains("sync, merged from 1"))
    }

    /// The numbers `quill history --json` lists for the note, newest first (the server's with `server`).
    func revisionNumbers(_ home: QuillHome, _ id: String, server: Bool = false) async throws -> [Int?] {
        let listed = try await home.succeed(["history", id, "--json"] + (server ? ["--server"] : []))
        return (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []).map { $0["revision"] as? Int }
    }

    /// A file attached in one home reaches the other with the note that refers to it, byte for
    /// byte, and is sent once: the next sync moves nothing.
    func attachmentTravels(alice: QuillHome, bob: QuillHome) async throws {
        let file = alice.root + "/photo of the whiteboard.png"
        let bytes = Data((0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ ($0 >> 12)) })
        try bytes.write(to: URL(fileURLWithPath: file))
        let id = try await alice.succeed(["add", "Whiteboard", "--body", "From the meeting."])
        _ = try await alice.succeed(["attach", id, file])
        #expect(try await alice.succeed(["sync"]) == "pulled 0, pushed 1, conflicts 0; attachments sent 1, fetched 0")
        #expect(try await bob.succeed(["sync"]) == "pulled 1, pushed 0, conflicts 0; attachments sent 0, fetched 1")
        let copy = bob.root + "/copy.png"
        _ = try await bob.succeed(["attachment", "get", "photo of the whiteboard.png", "-o", copy])
        #expect(FileManager.default.contents(atPath: copy) == bytes)
        #expect(try await alice.succeed(["sync"]) == "pulled 0, pushed 0, conflicts 0")
    }

    /// The server's export of the synced notes is the archive `quill export` writes of them, file
    /// for file (the attachments and the manifest included), once both are unpacked by GNU tar.
    func serverExportIsTheSameArchive(alice: QuillHome, server: ListeningServer, token: String) async throws {
        let environment = ProcessInfo.processInfo.environment
        let local = alice.root + "/local.tar.gz", served = alice.root + "/served.tar.gz"
        _ = try await alice.succeed(["export", "-o", local, "-q"])
        let fetched = try await ChildProcess.run("/usr/bin/curl", ["-sf", "-o", served, "-H", "Authorization: Bearer \(token)", server.url + "/v1/export"],
                                           environment: environment)
        #expect(fetched.status == 0, "\(fetched.errors)")
        var trees: [[String: Data]] = []
        for archive in [local, served] {
            let folder = archive + ".d"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let unpacked = try await ChildProcess.run("/usr/bin/tar", ["-xzf", archive, "-C", folder], environment: environment)
            #expect(unpacked.status == 0, "\(unpacked.errors)")
            var files: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[path] = FileManager.default.contents(atPath: folder + "/" + path)
                }
            }
            trees.append(files)
        }
        #expect(trees[0].keys.contains { $0.contains("/attachments/") }, "the export holds the synced photo")
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        for (path, bytes) in trees[0] { #expect(trees[1][path] == bytes, "\(path) differs") }
    }

    /// An attachment no note refers to (uploaded by hand) is removed by `quill-server attachments
    /// gc`, run beside the serving process; the synced photo, which a note refers to, stays.
    func unreferencedAttachmentsAreCollected(alice: QuillHome, server: ListeningServer, token: String, storage: [String]) async throws {
        let environment = ProcessInfo.processInfo.environment
        let orphan = alice.root + "/orphan.bin"
        try Data("nothing refers to me".utf8).write(to: URL(fileURLWithPath: orphan))
        let hash = String(try await ChildProcess.run("/usr/bin/sha256sum", [orphan], environment: environment).output.prefix(64))
        let url = server.url + "/v1/attachments/"
        let put = try await ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "--data-binary", "@" + orphan,
                                                         "-H", "Authorization: Bearer \(token)", url + hash], environment: environment)
        #expect(put.output == "201", "\(put.output) \(put.errors)")
        let listed = try await alice.succeed(["attachments", "--json"])
        let photo = try #require((try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first?["sha256"] as? String)
        // What a crash between writing an upload's first piece and committing its row leaves.
        let folders = storage[1] + "/attachments"
        let account = try #require(try FileManager.default.contentsOfDirectory(atPath: folders).first)
        let leftover = "\(folders)/\(account)/\(String(repeating: "0f", count: 32))"
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("half an upload".utf8)))

        let dryRun = try await ChildProcess.run(ServerUnderTest.executable, ["attachments", "gc", "--dry-run"] + storage, environment: environment)
        #expect(dryRun.status == 0 && dryRun.errors.contains("would remove 1 attachment (20 bytes)"), "\(dryRun.errors)")
        #expect(dryRun.errors.contains("would remove 1 leftover file of uploads a crash interrupted"), "\(dryRun.errors)")
        let collected = try await ChildProcess.run(ServerUnderTest.executable, ["attachments", "gc", "--yes"] + storage, environment: environment)
        #expect(collected.status == 0 && collected.errors.contains("removed 1 attachment (20 bytes)"), "\(collected.errors)")
        #expect(collected.errors.contains("removed 1 leftover file of uploads a crash interrupted"), "\(collected.errors)")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        for (hash, status) in [(hash, "404"), (photo, "200")] {
            let head = try await ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-I",
                                                              "-H", "Authorization: Bearer \(token)", url + hash], environment: environment)
            #expect(head.output == status, "\(hash): \(head.output)")
        }
    }

    /// A note's links reach the server with it: its API answers the backlinks, and the other home
    /// derives the same from the synced notes.
    func linksTravel(alice: QuillHome, bob: QuillHome, server: ListeningServer, token: String) async throws {
        let plan = try await alice.succeed(["add", "Project plan", "--body", "Steps."])
        let index = try await alice.succeed(["add", "Index", "--body", "See [[project PLAN|the plan]] and [[Nowhere]]."])
        _ = try await alice.succeed(["sync"])
        _ = try await bob.succeed(["sync"])
        let bobs = try await bob.succeed(["backlinks", plan, "--json"])
        let backlinks = try JSONSerialization.jsonObject(with: Data(bobs.utf8)) as? [[String: Any]] ?? []
        #expect(backlinks.compactMap { ($0["source"] as? [String: Any])?["id"] as? String } == [index])
        let answer = try await ChildProcess.run("/usr/bin/curl", ["-sf", "-H", "Authorization: Bearer \(token)", server.url + "/v1/notes/\(plan)/backlinks"],
                                          environment: ProcessInfo.processInfo.environment)
        let body = try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any]
        let links = body?["links"] as? [[String: Any]] ?? []
        #expect(links.count == 1 && (links.first?["label"] as? String) == "the plan", "\(answer.output) \(answer.errors)")
        let broken = try await ChildProcess.run("/usr/bin/curl", ["-sf", "-H", "Authorization: Bearer \(token)", server.url + "/v1/links/broken"],
                                          environment: ProcessInfo.processInfo.environment)
        #expect(broken.output.contains("\"target\":\"Nowhere\""), "\(broken.output)")
    }

    @Test("Two homes edit and sync through one quill-server (SQLite), including a conflict and a delete")
    func sqlite() async throws {
        let data = try temporaryDirectory("server")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let storage = ["--data-dir", data]
        let token = try await ServerUnderTest.createAccount("e2e", storage: storage)
        let server = try await ServerUnderTest.start(storage: storage)
        defer { server.terminate() }
        let (alice, bob) = try await twoHomes(token: token, servers: [server])
        defer { alice.remove(); bob.remove() }
        try await editAndConflict(alice: alice, bob: bob)
        try await editsMerge(alice: alice, bob: bob)
        try await attachmentTravels(alice: alice, bob: bob)
        try await serverExportIsTheSameArchive(alice: alice, server: server, token: token)
        try await vaultTravels(alice: alice, bob: bob)
        // Only here: on PostgreSQL it would collect in every test's accounts at once.
        try await unreferencedAttachmentsAreCollected(alice: alice, server: server, token: token, storage: storage)
        try await linksTravel(alice: alice, bob: bob, server: server, token: token)
        try await sharesTravel(alice: alice, bob: bob, servers: [server])
        try await sitesTravel(alice: alice, bob: bob, servers: [server])
        try await deviceLoginTravels(token: token, servers: [server])
    }

    @Test("Two quill-server processes share one PostgreSQL; one client on each",
          .enabled(if: postgresURL != nil, "skipped: set QUILL_TEST_POSTGRES_URL (Tools/with-postgres.sh swift test) to run it"))
    func postgres() async throws {
        let url = try #require(Self.postgresURL)
        let storage = ["--database", url]
        let token = try await ServerUnderTest.createAccount("e2e-\(UUID().uuidString.prefix(8).lowercased())", storage: storage)
        let first = try await ServerUnderTest.start(storage: storage)
        defer { first.terminate() }
        let second = try await ServerUnderTest.start(storage: storage)
        defer { second.terminate() }
        let (alice, bob) = try await twoHomes(token: token, servers: [first, second])
        defer { alice.remove(); bob.remove() }
        try await editAndConflict(alice: alice, bob: bob)
        try await editsMerge(alice: alice, bob: bob)
        try await attachmentTravels(alice: alice, bob: bob)
        try await serverExportIsTheSameArchive(alice: alice, server: second, token: token)
        try await linksTravel(alice: alice, bob: bob, server: second, token: token)
        try await sharesTravel(alice: alice, bob: bob, servers: [first, second])
        try await sitesTravel(alice: alice, bob: bob, servers: [first, second])
        try await deviceLoginTravels(token: token, servers: [first, second])
        // A change pushed through the first server reaches a stream held by the second (NOTIFY/LISTEN).
        let stream = try EventStreamClient(second.url, token: token)
        try await stream.waitFor(1, "ready")
        _ = try await alice.succeed(["add", "Announced", "--body", "through the other server"])
        _ = try await alice.succeed(["sync"])
        try await stream.waitFor(1, "note", within: .seconds(2))
        #expect(stream.events.last { $0.name == "note" }?.data.contains("Announced") == true, "\(stream.text)")
        // A notice (a share made through the first server) reaches it too.
        let announced = try #require(stream.events.last { $0.name == "note" }?.data.firstMatch(of: /"id":"([0-9a-f]+)"/)).1
        let shared = try await ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "--data", "{}",
                                                                "-H", "Content-Type: application/json", "-H", "Authorization: Bearer \(token)",
                                                                first.url + "/v1/notes/\(announced)/shares"])
        #expect(shared.output == "201", "\(shared.output) \(shared.errors)")
        try await stream.waitFor(1, "shares", within: .seconds(2))
        stream.stop()
    }

    /// The login is the user's (the config directory), the sync state the home's: a second home
    /// logging in to another server used to leave the first home's cursor, made with the first
    /// server, to be used with the second, which then gave it none of its earlier notes.
    @Test("Two homes of one user, each logged in to its own server in turn, each get their server's notes")
    func twoHomesShareALoginButNotACursor() async throws {
        let first = try temporaryDirectory("server-a"), second = try temporaryDirectory("server-b")
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        let tokenA = try await ServerUnderTest.createAccount("ann", storage: ["--data-dir", first])
        let tokenB = try await ServerUnderTest.createAccount("ann", storage: ["--data-dir", second])
        let serverA = try await ServerUnderTest.start(storage: ["--data-dir", first])
        let serverB = try await ServerUnderTest.start(storage: ["--data-dir", second])
        var other = try QuillHome()
        defer { other.remove() }
        for index in 1...3 { _ = try await other.succeed(["add", "On B \(index)"]) }
        _ = try await other.succeed(["login", serverB.url, "--token", tokenB])
        _ = try await other.succeed(["sync"])
        other.extraEnvironment = ["XDG_CONFIG_HOME": other.root + "/shared-config"]

        var home = try QuillHome()
        defer { home.remove() }
        home.extraEnvironment = other.extraEnvironment
        for index in 1...5 { _ = try await home.succeed(["add", "Here \(index)"]) }
        _ = try await home.succeed(["login", serverA.url, "--token", tokenA])
        _ = try await home.succeed(["sync"])
        _ = try await other.succeed(["login", serverB.url, "--token", tokenB])
        let switched = try await home.run(["sync"])
        #expect(switched.status == 0 && switched.output.hasPrefix("pulled 3,"), "\(switched.output) \(switched.errors)")
        #expect(switched.errors.contains("this home last synced with \(serverA.url)"), "\(switched.errors)")
        #expect(try await home.notes().values.filter { $0.hasPrefix("On B") }.count == 3)
    }

    /// A damaged note file stopped every later sync whose pull held the note, for good.
    @Test("A damaged note file: a sync sets it aside and takes the server's copy, and quill repair finds the others")
    func damagedNotes() async throws {
        let data = try temporaryDirectory("server")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let token = try await ServerUnderTest.createAccount("dora", storage: ["--data-dir", data])
        let server = try await ServerUnderTest.start(storage: ["--data-dir", data])
        let home = try QuillHome(), other = try QuillHome()
        defer { home.remove(); other.remove() }
        for title in ["Edited elsewhere", "Left alone", "Untouched"] { _ = try await home.succeed(["add", title, "--body", "v1"]) }
        var ids: [String: String] = [:]
        for line in try await home.succeed(["list"]).split(separator: "\n") {
            ids[String(line).components(separatedBy: "  ").last!] = String(line.prefix(8))
        }
        func damage(_ title: String) throws {
            let notes = home.root + "/data/notes"
            let id = try #require(ids[title])
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: notes).first { $0.hasPrefix(id) })
            try Data("{\"damaged".utf8).write(to: URL(filePath: notes + "/" + name))
        }
        for quill in [home, other] { _ = try await quill.succeed(["login", server.url, "--token", token]) }
        _ = try await home.succeed(["sync"])
        _ = try await other.succeed(["sync"])
        _ = try await other.succeed(["edit", ids["Edited elsewhere"]!, "--body", "v2 from elsewhere"])
        _ = try await other.succeed(["sync"])
        try damage("Edited elsewhere")
        try damage("Left alone")

        let synced = try await home.run(["sync"])
        #expect(synced.status == 0, "\(synced.errors)")
        #expect(synced.errors.contains("\(ids["Edited elsewhere"]!)  could not be read; the server's revision 2 took its place"), "\(synced.errors)")
        #expect(try await home.succeed(["show", ids["Edited elsewhere"]!]).hasSuffix("v2 from elsewhere"))
        let unreadable = try await home.run(["show", ids["Left alone"]!])
        #expect(unreadable.status == 1 && unreadable.errors.contains("quill repair"), "\(unreadable.errors)")

        let repaired = try await home.succeed(["repair"])
        #expect(repaired.contains("\(ids["Left alone"]!)  could not be read; the server's revision 1 took its place"), "\(repaired)")
        #expect(repaired.hasSuffix("3 notes read; 1 damaged, set aside"), "\(repaired)")
        #expect(try await home.succeed(["show", ids["Left alone"]!]).hasSuffix("v1"))
        #expect(try await home.succeed(["repair"]).hasSuffix("3 notes read; none is damaged"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: home.root + "/data/damaged")
        #expect(kept.count == 2)

        // Damaged with the summary index gone: the rebuilt listing leaves the note out, and repair still finds it.
        try damage("Untouched")
        try FileManager.default.removeItem(atPath: home.root + "/data/index")
        let listed = try await home.run(["list"])
        #expect(listed.errors.contains("skipped unreadable note") && listed.errors.contains("hint: 'quill repair'"), "\(listed.errors)")
        let named = try await home.run(["repair", ids["Untouched"]!])
        #expect(named.status == 3 && named.errors.contains("'quill repair' without IDs reads every note file"), "\(named.errors)")
        let unlisted = try await home.succeed(["repair"])
        #expect(unlisted.contains("\(ids["Untouched"]!)  could not be read; the server's revision 1 took its place"), "\(unlisted)")
        #expect(try await home.succeed(["show", ids["Untouched"]!]).hasSuffix("v1"))
    }

    @Test("Environment overrides, a bad token and a stopped server give clear errors and lose nothing")
    func errors() async throws {
        let data = try temporaryDirectory("server")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let storage = ["--data-dir", data]
        let token = try await ServerUnderTest.createAccount("errors", storage: storage)
        let server = try await ServerUnderTest.start(storage: storage)
        var home = try QuillHome()
        defer { home.remove() }

        let notLoggedIn = try await home.run(["sync"])
        #expect(notLoggedIn.status == 1 && notLoggedIn.errors.contains("quill login"))

        let badLogin = try await home.run(["login", "--server", server.url, "--token", "qt_wrong"])
        #expect(badLogin.status == 1 && badLogin.errors.contains("refused the token"))

        _ = try await home.succeed(["add", "Precious", "--body", "keep me"])
        home.extraEnvironment = ["QUILL_SERVER": "notaurl", "QUILL_TOKEN": token]
        let notAnAddress = try await home.run(["sync"])
        #expect(notAnAddress.status == 2 && notAnAddress.errors.contains("QUILL_SERVER is 'notaurl', not an http:// or https:// URL"),
                "\(notAnAddress.errors)")
        // Named as `quill login` names it: the API's /v1, pasted from a curl line, asked for /v1/v1/info.
        home.extraEnvironment = ["QUILL_SERVER": server.url + "/v1/", "QUILL_TOKEN": token]
        #expect(try await home.succeed(["sync"]) == "pulled 0, pushed 1, conflicts 0")
        #expect(try await home.succeed(["status"]).contains("server: \(server.url)\n"))

        _ = try await home.succeed(["add", "Written offline"])
        server.terminate()
        let offline = try await home.run(["sync"])
        #expect(offline.status == 1 && offline.errors.contains("cannot reach the sync server"))
        #expect(try await home.succeed(["status"]).contains("pending local changes: 1"))
    }
}
