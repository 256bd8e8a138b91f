import Foundation
import Hummingbird

// The yardstick of Tools/benchmarks/server.sh (never shipped): a bare Hummingbird 2 application
// in a process of its own, with none of Quill's middleware, logging or storage. quill-server's
// routes are measured against it in the same run, with the same wrk settings.
//
//   bare-hummingbird-benchmark PORT [PAGE_FILE]
//
// `GET /constant` answers two bytes. With PAGE_FILE, `GET /page` answers that file's bytes
// (read once at start), as JSON: the floor for serving a change-feed page of that size.
// Serves on 127.0.0.1:PORT until SIGTERM/SIGINT.
let arguments = CommandLine.arguments
guard (2...3).contains(arguments.count), let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: bare-hummingbird-benchmark PORT [PAGE_FILE]\n".utf8))
    exit(64)
}
let page = try arguments.count == 3 ? ByteBuffer(bytes: Data(contentsOf: URL(fileURLWithPath: arguments[2]))) : ByteBuffer()

let router = Router()
router.get("constant") { _, _ in "ok" }
router.get("page") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: page))
}
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
