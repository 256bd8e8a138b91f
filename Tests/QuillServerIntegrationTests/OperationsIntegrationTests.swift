import Foundation
import ChildProcesses
import Synchronization
import Testing

/// Issue 16's operations on the real `quill-server`: backup while serving writes, restore into an
/// empty directory only, account list and delete, and JSON log lines.
@Suite("quill-server operations") struct OperationsIntegrationTests {
    func scratch() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-ops-\(UUID().uuidString)").path
    }

    @Test func aBackupTakenWhileWritesArriveRestoresIntoAServerThatHasTheNotes() async throws {
        let root = scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let live = root + "/live", restored = root + "/restored", backup = root + "/copy.sqlite"
        let token = try await QuillServer.run(["account", "create", "ann", "--data-dir", live]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try await QuillServer.start(["--port", "0", "--data-dir", live])

        // A writer keeps creating notes while the backup runs.
        let written = Atomic<Int>(0)
        let writerEnded = Atomic<Bool>(false)
        let writing = Task {
            defer { writerEnded.store(true, ordering: .sequentiallyConsistent) }
            for index in 0..<400 where !Task.isCancelled {
                let id = String(format: "%04x", index + 1)
                guard try await server.request("POST", "/v1/notes", token: token, json: NoteJSONSample.note(id)).status == 201 else {
                    throw BadPath(path: "POST \(id)")
                }
                written.store(index + 1, ordering: .sequentiallyConsistent)
            }
        }
        // Generous: in a full parallel test run on a loaded machine, 20 requests have taken over a
        // minute; the writer ends by itself (400 notes, or an error), so this cannot wait forever.
        try await BoundedWait.until("20 notes are written, or the writer stops", within: .seconds(300)) {
            written.load(ordering: .sequentiallyConsistent) >= 20 || writerEnded.load(ordering: .sequentiallyConsistent)
        }
        let before = written.load(ordering: .sequentiallyConsistent)
        if before < 20 { try await writing.value } // the writer failed: its error is the test's
        let backedUp = try await QuillServer.run(["backup", backup, "--data-dir", live])
        #expect(backedUp.status == 0 && backedUp.errors.contains("backed up to"), "\(backedUp.errors)")
        try await writing.value
        #expect(try await server.stop() == 0)
        #expect(try await QuillServer.run(["backup", backup, "--data-dir", live]).errors.contains("already exists"))

        let restoring = try await QuillServer.run(["restore", backup, "--data-dir", restored])
        #expect(restoring.status == 0, "\(restoring.errors)")
        let again = try await QuillServer.run(["restore", backup, "--data-dir", restored])
        #expect(again.status != 0 && again.errors.contains("not empty"), "\(again.errors)")
        let intoLive = try await QuillServer.run(["restore", backup, "--data-dir", live])
        #expect(intoLive.status != 0 && intoLive.errors.contains("never overwrites"), "\(intoLive.errors)")

        let second = try await QuillServer.start(["--port", "0", "--data-dir", restored])
        let listed = try await second.request("GET", "/v1/changes?limit=1000", token: token)
        #expect(listed.status == 200)
        let count = listed.body.components(separatedBy: #""title":"Hello""#).count - 1
        #expect(count >= before && count <= 400, "the backup holds \(count) notes; \(before) were written before it began")
        #expect(try await second.stop() == 0)
    }

    @Test func restoreRefusesWhatIsNotAQuillDatabaseAndPostgresPointsToItsTools() async throws {
        let root = scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: root + "/junk"))
        let junk = try await QuillServer.run(["restore", root + "/junk", "--data-dir", root + "/new"])
        #expect(junk.status != 0 && junk.errors.contains("not a Quill server database"), "\(junk.errors)")
        #expect(!FileManager.default.fileExists(atPath: root + "/new/quill-server.sqlite"))
        let missing = try await QuillServer.run(["backup", root + "/b.sqlite", "--data-dir", root + "/none"])
        #expect(missing.status != 0 && missing.errors.contains("nothing to back up"), "\(missing.errors)")
        let postgres = try await QuillServer.run(["backup", root + "/p", "--database", "postgres://u@127.0.0.1:1/db"])
        #expect(postgres.status != 0 && postgres.errors.contains("pg_dump"), "\(postgres.errors)")
    }

    @Test func accountListShowsCountsAndUseAndDeleteNeedsYes() async throws {
        let directory = scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = ["--data-dir", directory]
        let ann = try await QuillServer.run(["account", "create", "ann"] + storage).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let bob = try await QuillServer.run(["account", "create", "bob"] + storage).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try await QuillServer.start(["--port", "0", "--log-format", "json"] + storage)
        #expect(try await server.request("POST", "/v1/notes", token: ann, json: NoteJSONSample.note("ab")).status == 201)
        #expect(try await server.request("GET", "/v1/notes", token: bob).status == 200)
        #expect(try await server.stop() == 0)
        let requestLine = try #require(server.log.split(separator: "\n").first { $0.contains("POST /v1/notes 201") })
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(requestLine.utf8)) as? [String: String])
        #expect(fields["level"] == "info" && fields["http.status"] == "201" && fields["hb.request.id"] != nil, "\(fields)")

        let listed = try await QuillServer.run(["account", "list", "--json"] + storage)
        #expect(listed.status == 0, "\(listed.errors)")
        let accounts = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == ["ann", "bob"])
        #expect(accounts.first?["notes"] as? Int == 1 && accounts.first?["tokens"] as? Int == 1)
        #expect(accounts.allSatisfy { $0["lastUsed"] is String && $0["created"] is String }, "\(listed.output)")
        let table = try await QuillServer.run(["account", "list"] + storage)
        #expect(table.output.hasPrefix("NAME") && table.output.contains("ann "), "\(table.output)")

        let unconfirmed = try await QuillServer.run(["account", "delete", "bob"] + storage)
        #expect(unconfirmed.status != 0 && unconfirmed.errors.contains("--yes"), "\(unconfirmed.errors)")
        #expect(try await QuillServer.run(["account", "delete", "bob", "--yes"] + storage).status == 0)
        let gone = try await QuillServer.run(["account", "delete", "bob", "--yes"] + storage)
        #expect(gone.status != 0 && gone.errors.contains("no account named 'bob'"), "\(gone.errors)")
        let restarted = try await QuillServer.start(["--port", "0"] + storage)
        #expect(try await restarted.request("GET", "/v1/notes", token: bob).status == 401)
        #expect(try await restarted.request("GET", "/v1/notes", token: ann).status == 200)
        #expect(try await restarted.stop() == 0)
    }
}
