import Foundation
import ChildProcesses
import Testing

/// The real `quill-server` executable: accounts, serving, persistence, graceful shutdown.
@Suite("quill-server executable") struct QuillServerIntegrationTests {
    static let postgresURL = ProcessInfo.processInfo.environment["QUILL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    @Test func sqliteServerKeepsNotesAcrossRestartsAndStopsCleanly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-it-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try await QuillServer.run(["account", "create", "ann", "--data-dir", directory])
        #expect(created.status == 0, "\(created.errors)")
        let token = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.hasPrefix("quill_"))
        #expect(try await QuillServer.run(["account", "create", "ann", "--data-dir", directory]).status != 0)

        let first = try await QuillServer.start(["--port", "0", "--data-dir", directory])
        #expect(try await first.request("POST", "/v1/notes", token: token, json: NoteJSONSample.note("ab")).status == 201)
        #expect(try await first.request("GET", "/v1/notes/ab", token: "quill_0000000000000001_wrong").status == 401)
        #expect(try await first.stop(SIGTERM) == 0)
        #expect(first.log.contains("POST /v1/notes 201"))

        let second = try await QuillServer.start(["serve", "--port", "0", "--data-dir", directory])
        let read = try await second.request("GET", "/v1/notes/ab", token: token)
        #expect(read.status == 200 && read.body.contains(#""title":"Hello""#))
        #expect(try await second.request("GET", "/readyz", token: nil).status == 200)
        #expect(try await second.stop(SIGINT) == 0)
    }

    @Test func accountsGetMoreTokensAndRevokeThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-it-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = ["--data-dir", directory]
        let first = try await QuillServer.run(["account", "create", "ann"] + storage).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let issued = try await QuillServer.run(["account", "token", "ann"] + storage)
        #expect(issued.status == 0 && issued.errors.contains("shown only this once"), "\(issued.errors)")
        let second = issued.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(second.hasPrefix("quill_") && second != first)
        let unknown = try await QuillServer.run(["account", "token", "nobody"] + storage)
        #expect(unknown.status != 0 && unknown.errors.contains("no account named 'nobody'"), "\(unknown.errors)")

        #expect(try await QuillServer.run(["account", "revoke", first] + storage).status == 0)
        let again = try await QuillServer.run(["account", "revoke", first] + storage)
        #expect(again.status != 0 && again.errors.contains("no such token"), "\(again.errors)")

        let server = try await QuillServer.start(["--port", "0"] + storage)
        #expect(try await server.request("GET", "/v1/notes", token: first).status == 401)
        #expect(try await server.request("GET", "/v1/notes", token: second).status == 200)
        #expect(try await server.stop() == 0)
    }

    /// A note beginning with a thematic break (`---`, nothing closing it as front matter) stopped
    /// the whole server when its page was shown: the Markdown renderer read past the note's end.
    @Test func aNotesPageCannotStopTheServer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-it-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let token = try await QuillServer.run(["account", "create", "ann", "--data-dir", directory]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try await QuillServer.start(["--port", "0", "--data-dir", directory])
        let bodies = [#"---\nabc\n"#, #"1) \n "#, #"text  \n\n## After\n"#, #"<img src=x>\n\n## After"#]
        for (index, body) in bodies.enumerated() {
            let id = String(format: "%032x", index + 1)
            #expect(try await server.request("POST", "/v1/notes", token: token, json: NoteJSONSample.note(id, body: body)).status == 201)
            let shared = try await server.request("POST", "/v1/notes/\(id)/shares", token: token, json: "{}")
            let path = try #require(shared.body.firstMatch(of: /"path":"([^"]+)"/)?.1, "\(shared.body)")
            let page = try await server.request("GET", path.replacingOccurrences(of: "\\/", with: "/"), token: nil)
            #expect(page.status == 200, "\(body): \(page.status)")
            #expect(!body.contains("After") || page.body.contains(#"<h2 dir="auto" id="h-after">After</h2>"#), "\(page.body)")
        }
        #expect(try await server.request("GET", "/healthz", token: nil).status == 200)
        #expect(try await server.stop() == 0)
    }

    @Test func previewPrintsADemoTokenThatWorks() async throws {
        let server = try await QuillServer.start(["--preview", "--port", "0"])
        let token = try #require(server.log.components(separatedBy: "token ").last?.prefix(while: { !$0.isWhitespace }))
        let notes = try await server.request("GET", "/v1/notes", token: String(token))
        #expect(notes.status == 200 && notes.body.contains("Welcome to Quill"))
        #expect(try await server.stop() == 0)
    }

    @Test(.enabled(if: postgresURL != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func twoServersOnOnePostgresShareTheChangeFeed() async throws {
        let url = try #require(Self.postgresURL)
        let name = "it-\(UUID().uuidString.prefix(8).lowercased())"
        let created = try await QuillServer.run(["account", "create", name, "--database", url])
        #expect(created.status == 0, "\(created.errors)")
        let token = created.output.trimmingCharacters(in: .whitespacesAndNewlines)

        async let startA = QuillServer.start(["--port", "0", "--database", url])
        async let startB = QuillServer.start(["--port", "0", "--database", url])
        let (a, b) = try await (startA, startB)
        #expect(try await a.request("POST", "/v1/notes", token: token, json: NoteJSONSample.note("c0ffee")).status == 201)
        let changes = try await b.request("GET", "/v1/changes", token: token)
        #expect(changes.status == 200 && changes.body.contains(#""id":"c0ffee""#), "\(changes.body)")
        let stale = try await b.request("PUT", "/v1/notes/c0ffee", token: token, json: NoteJSONSample.note("c0ffee", title: "B"),
                                        headers: ["If-Match": "\"1\""])
        #expect(stale.status == 200)
        let fromA = try await a.request("PUT", "/v1/notes/c0ffee", token: token, json: NoteJSONSample.note("c0ffee", title: "A"),
                                        headers: ["If-Match": "\"1\""])
        #expect(fromA.status == 412)
        #expect(try await a.stop() == 0)
        #expect(try await b.stop() == 0)
    }
}
