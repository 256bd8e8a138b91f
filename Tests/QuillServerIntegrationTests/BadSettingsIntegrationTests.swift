import ChildProcesses
import Foundation
import Testing

/// Every bad setting, given to the real `quill-server` as a person would: one message naming
/// what is wrong, one hint saying what to do, and the exit status docs/server.md gives, whichever
/// part of start-up finds the problem (ArgumentParser, the resolution of the settings, opening
/// the store).
@Suite("quill-server: bad settings fail one way") struct BadSettingsIntegrationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var environment: [String: String] = [:]
        /// What the message must say, and the status it must end with.
        let says: String
        let status: Int32
        var testDescription: String { (environment.map { "\($0.key)=\($0.value)" }.sorted() + arguments).joined(separator: " ") }
    }

    static let usage: Int32 = 64, unavailable: Int32 = 69

    static let cases: [Case] = [
        Case(arguments: ["--no-such-flag"], says: "Unknown option '--no-such-flag'", status: usage),
        Case(arguments: ["--port", "70000"], says: "--port: '70000' is not between 0 and 65535", status: usage),
        Case(arguments: ["--port", "eighty"], says: "'eighty' is invalid for '--port", status: usage),
        Case(arguments: [], environment: ["QUILL_SERVER_PORT": "eighty"], says: "$QUILL_SERVER_PORT: 'eighty' is not a port number",
             status: usage),
        Case(arguments: ["--database", "postgres://localhost/quill"], says: "no user name", status: usage),
        Case(arguments: ["--database", "mysql://root@localhost/quill"], says: "is not a database", status: usage),
        Case(arguments: ["--database", "postgres://quill@127.0.0.1:1/quill"], says: "cannot use the PostgreSQL database",
             status: unavailable),
        Case(arguments: ["--data-dir", "/proc/1/quill-server"], says: "cannot open the SQLite store", status: unavailable),
        Case(arguments: ["--data-dir", "/etc/passwd"], says: "/etc/passwd is a file, not a directory", status: unavailable),
        Case(arguments: ["--max-attachment-size", "lots"], says: "--max-attachment-size: 'lots' is not a size", status: usage),
        Case(arguments: [], environment: ["QUILL_SERVER_ATTACHMENT_QUOTA": "10Q"],
             says: "$QUILL_SERVER_ATTACHMENT_QUOTA: '10Q' is not a size", status: usage),
        Case(arguments: ["--log-level", "loud"], says: "--log-level: 'loud' is not a log level", status: usage),
        Case(arguments: ["history", "prune", "--keep", "forever", "--yes"], says: "--keep: 'forever' is not what to keep", status: usage),
        Case(arguments: ["account", "token", "ann", "--expires", "soon"], says: "--expires: 'soon' is not a date", status: usage),
    ]

    @Test(arguments: cases)
    func aBadSettingIsOneMessageOneHintAndTheDocumentedStatus(_ bad: Case) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-bad-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUILL_SERVER_") }
        environment["QUILL_SERVER_DATA"] = data
        environment.merge(bad.environment) { _, new in new }
        // Bounded: a setting wrongly taken would leave the server serving (`timeout` ends it with 124).
        let ran = try await ChildProcess.run("/usr/bin/timeout", ["60", QuillServer.binary] + bad.arguments, environment: environment)
        let lines = ran.errors.split(separator: "\n").map(String.init).filter { !$0.contains(" notice ") && !$0.contains(" info ") }
        #expect(ran.status == bad.status, "\(ran.errors)")
        #expect(lines.count == 2, "one message and one hint: \(ran.errors)")
        #expect(lines.first?.hasPrefix("quill-server: ") == true && lines.first?.contains(bad.says) == true, "\(ran.errors)")
        #expect(lines.last?.hasPrefix("hint: ") == true && (lines.last?.count ?? 0) > 12, "\(ran.errors)")
        #expect(ran.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: data + "/quill-server.sqlite"), "nothing is created for a bad setting")
    }

    /// A damaged database file was "unavailable" (exit status 69, which a service manager restarts)
    /// with the hint to check the directory's permissions.
    @Test(arguments: [("malformed", true), ("not a database", false)])
    func aDamagedDatabaseFileNamesTheBackupAndIsLeftAsItWas(damage: String, keepsItsHeader: Bool) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-damaged-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUILL_SERVER_") }
        environment["QUILL_SERVER_DATA"] = data
        let created = try await ChildProcess.run(QuillServer.binary, ["account", "create", "ann"], environment: environment)
        try #require(created.status == 0, "\(created.errors)")
        let file = data + "/quill-server.sqlite"
        var bytes = [UInt8](try Data(contentsOf: URL(filePath: file)))
        let from = keepsItsHeader ? 4096 : 0
        for index in from..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try Data(bytes).write(to: URL(filePath: file))
        let ran = try await ChildProcess.run(QuillServer.binary, ["account", "list"], environment: environment)
        #expect(ran.status == 65, "\(ran.errors)")
        #expect(ran.errors.contains("the database file is damaged"), "\(damage): \(ran.errors)")
        #expect(ran.errors.contains("hint: restore the last backup into a new data directory ('quill-server restore BACKUP --data-dir NEW')"),
                "\(ran.errors)")
        #expect(try Data(contentsOf: URL(filePath: file)) == Data(bytes), "the damaged file is left as it was")
    }

    /// A variable that looks like a setting and is none is warned of, and the command still runs.
    @Test func aMisspelledVariableIsWarnedOf() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-misspelled-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUILL_SERVER_") }
        environment["QUILL_SERVER_DATA"] = data
        environment["QUILL_SERVER_DATA_DIR"] = "/nowhere"
        let ran = try await ChildProcess.run(QuillServer.binary, ["account", "list"], environment: environment)
        #expect(ran.status == 0, "\(ran.errors)")
        #expect(ran.errors.contains("quill-server: warning: $QUILL_SERVER_DATA_DIR is not a setting of quill-server and is ignored; did you mean $QUILL_SERVER_DATA?"),
                "\(ran.errors)")
    }

    /// Where the server cannot listen, said by its settings: a port another program holds (it
    /// was NIO's "bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)" and the hint
    /// to report it, exit 1), and a host that is not this machine's.
    @Test func aPortInUseOrAForeignHostIsASettingThatCannotBeUsed() async throws {
        let taken = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(taken) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")),
                                  sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(taken, $0, length) == 0 && listen(taken, 1) == 0 && getsockname(taken, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        for (arguments, says, hint) in [
            (["--port", "\(port)"], "port \(port) on 127.0.0.1 is in use by another program", "choose another port with --port or $QUILL_SERVER_PORT"),
            (["--port", "0", "--host", "192.0.2.1"], "192.0.2.1 is not an address of this machine", "give --host one of its addresses"),
        ] {
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-bind-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: data) }
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUILL_SERVER_") }
            environment["QUILL_SERVER_DATA"] = data
            let ran = try await ChildProcess.run("/usr/bin/timeout", ["60", QuillServer.binary] + arguments, environment: environment)
            let lines = ran.errors.split(separator: "\n").map(String.init).filter { !$0.contains(" notice ") && !$0.contains(" info ") }
            #expect(ran.status == Self.usage, "\(ran.errors)")
            #expect(lines.count == 2 && lines.first?.contains(says) == true && lines.last?.contains(hint) == true, "\(ran.errors)")
        }
    }

    /// What the store refuses is said the same way: a database a newer release migrated, and an
    /// account name taken, each with what to do.
    @Test func theStoresRefusalsAreOneMessageAndOneHint() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("quill-server-refusal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try await QuillServer.run(["account", "create", "ann", "--data-dir", data]).status == 0)
        let taken = try await QuillServer.run(["account", "create", "ann", "--data-dir", data])
        #expect(taken.status == 1)
        #expect(taken.errors == "quill-server: an account named 'ann' already exists\n"
            + "hint: choose another name; 'quill-server account list' shows the names taken\n")
    }
}
