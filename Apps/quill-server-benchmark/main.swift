import Foundation
import Hummingbird
import Logging
import QuillModels
import ServerComposition
import ServerFeature

// A benchmark-only build of quill-server (never shipped): the production SQLite server plus
// two bare routes that answer constants through the same middleware, so that the cost of a real
// route can be compared with Hummingbird's floor in one run: `GET /bench/constant` (two bytes)
// and `GET /bench/constant-page` (the seeded notes' JSON, the size of a full change-feed page,
// built once at start: what serving such a page costs with no database and no encoding).
//
//   quill-server-benchmark DATA_DIR PORT NOTE_COUNT
//
// Creates a fresh account holding NOTE_COUNT notes, prints `token=…` and `note=…` on standard
// output, then serves on 127.0.0.1:PORT until SIGTERM/SIGINT.
let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[2]), let noteCount = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: quill-server-benchmark DATA_DIR PORT NOTE_COUNT\n".utf8))
    exit(64)
}
LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
let logger = {
    var logger = Logger(label: "quill-server-benchmark")
    logger.logLevel = .notice
    return logger
}()

let configuration = ServerConfiguration(
    host: "127.0.0.1", port: port, storage: .sqlite(path: arguments[1] + "/" + ServerConfiguration.databaseFileName), logLevel: .notice)
let seeding = try ServerRoots.production(configuration, logger: logger)
let created = try await ServerRunner.createAccount(named: "bench-\(UInt32.random(in: 0...UInt32.max))", in: seeding)

let environment = try ServerRoots.production(configuration, logger: logger)
try await environment.prepare()
let start = Date(timeIntervalSince1970: 1_767_225_600)
var firstID = ""
for index in 0..<noteCount {
    let id = String(format: "%016x", index + 1)
    guard let noteID = NoteID(id) else { exit(70) }
    let note = try Note(id: noteID, title: "Benchmark note \(index)", body: String(repeating: "Some text. ", count: 40),
                        tags: [Tag("bench")], created: start, updated: start)
    _ = try await environment.dependencies.notes.create(note, account: created.account.id)
    if index == 0 { firstID = id }
}
let page = try await environment.dependencies.notes.changes(account: created.account.id, after: .beginning, limit: 1000)
let constantPage = ByteBuffer(bytes: try NoteJSON.encoder.encode(page.notes.map(NoteDocument.init)))
FileHandle.standardOutput.write(Data("token=\(created.token)\nnote=\(firstID)\n".utf8))

try await ServerRunner.serve(environment, configuration: configuration, logger: logger, extraRoutes: { router in
    router.get("bench/constant") { _, _ in "ok" }
    router.get("bench/constant-page") { _, _ in
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: constantPage))
    }
}, onServerRunning: { port in logger.notice("listening on http://127.0.0.1:\(port)") })
