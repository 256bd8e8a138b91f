import Foundation
import Testing

/// `quill config` in the real executable: the settings file in `$XDG_CONFIG_HOME/quill`, the
/// precedence flag > environment > settings > default, and a corrupt file.
@Suite("quill config executable", .serialized)
struct ConfigIntegrationTests {
    @Test func setGetListAndUnsetThroughTheSettingsFile() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        #expect(try await quill.succeed(["config", "get", "list.limit"]) == "all")
        _ = try await quill.succeed(["config", "set", "list.limit", "2"])
        _ = try await quill.succeed(["config", "set", "dates", "local"])
        #expect(try await quill.succeed(["config", "get", "list.limit"]) == "2")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: quill.settingsFile))) as? [String: Any]
        #expect(saved?["list.limit"] as? Int == 2 && saved?["dates"] as? String == "local")

        func listed(noColor: String) async throws -> [String] {
            try await quill.succeed(["config", "list"], extra: ["NO_COLOR": noColor])
                .split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        }
        #expect(try await listed(noColor: "").contains("list.limit 2 (from the settings file)"))
        #expect(try await listed(noColor: "").contains("color auto (default)"))
        #expect(try await listed(noColor: "1").contains("color never (default)"))
        let json = try await quill.succeed(["config", "list", "--json"])
        #expect(json.contains(#""source" : "settings""#))

        _ = try await quill.succeed(["config", "unset", "list.limit"])
        #expect(try await quill.succeed(["config", "get", "list.limit", "--json"]).contains(#""source" : "default""#))

        let refused = try await quill.run(["config", "set", "export.level", "10"])
        #expect(refused.status == 2 && refused.errors.contains("'10' is not a valid export.level"))
    }

    @Test func flagBeatsEnvironmentBeatsSettingsBeatsDefault() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        for title in ["one", "two", "three", "four"] { _ = try await quill.succeed(["add", title]) }
        func count(_ arguments: [String] = [], extra: [String: String] = [:]) async throws -> Int {
            try await quill.succeed(["list"] + arguments, extra: extra).split(separator: "\n").count
        }
        #expect(try await count() == 4)
        _ = try await quill.succeed(["config", "set", "list.limit", "3"])
        #expect(try await count() == 3)
        #expect(try await count(extra: ["QUILL_LIST_LIMIT": "2"]) == 2)
        #expect(try await count(["--limit", "1"], extra: ["QUILL_LIST_LIMIT": "2"]) == 1)
        #expect(try await quill.succeed(["config", "get", "list.limit"], extra: ["QUILL_LIST_LIMIT": "2"]) == "2")

        // The export level reaches zlib: gzip's XFL byte says 2 for level 9, 4 for level 1.
        func xfl(_ arguments: [String], extra: [String: String] = [:]) async throws -> UInt8 {
            let archive = quill.home + "/out.tar.gz"
            _ = try await quill.succeed(["export", "-o", archive, "-q", "--single-stream"] + arguments, extra: extra)
            return try Data(contentsOf: URL(fileURLWithPath: archive))[8]
        }
        _ = try await quill.succeed(["config", "set", "export.level", "1"])
        #expect(try await xfl([]) == 4)
        #expect(try await xfl([], extra: ["QUILL_EXPORT_LEVEL": "9"]) == 2)
        #expect(try await xfl(["--level", "1"], extra: ["QUILL_EXPORT_LEVEL": "9"]) == 4)

        // Colour: `always` colours even a pipe; a flag turns it off again.
        _ = try await quill.succeed(["config", "set", "color", "always"])
        #expect(try await quill.succeed(["list"]).contains("\u{1B}[33m"))
        #expect(try await !quill.succeed(["list", "--color", "never"]).contains("\u{1B}["))
    }

    @Test func aCorruptFileIsAClearErrorAndCommandsThatNeedNoSettingsStillRun() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let id = try await quill.succeed(["add", "Kept"])
        try FileManager.default.createDirectory(atPath: quill.configHome + "/quill", withIntermediateDirectories: true)
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: quill.settingsFile))

        let list = try await quill.run(["list"])
        #expect(list.status == 1)
        #expect(list.errors.contains("quill: the settings file \(quill.settingsFile) is not valid"))
        #expect(list.errors.contains("hint: fix \(quill.settingsFile) or remove it"))
        let set = try await quill.run(["config", "set", "dates", "utc"])
        #expect(set.status == 1)
        #expect(try String(contentsOfFile: quill.settingsFile, encoding: .utf8) == "{ broken")

        _ = try await quill.succeed(["add", "Still works"])
        #expect(try await quill.succeed(["show", id, "--json"]).contains(#""title" : "Kept""#))
        #expect(try await quill.succeed(["list", "-n", "all", "--json"]).contains("Still works"))
    }

    @Test func previewTouchesNoSettingsFile() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        _ = try await quill.succeed(["--preview", "config", "set", "list.limit", "1"])
        #expect(!FileManager.default.fileExists(atPath: quill.home))
    }
}
