import Foundation
import QuillServerCLI
import Testing

/// docs/server.md's table of settings and of exit statuses are the code's (`ServerSetting.all`,
/// `ServerExitStatus`), word for word. Run with `QUILL_WRITE_DOCS=1` to write them into the page.
@Suite struct ServerSettingsDocumentationTests {
    static let page = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/server.md")

    @Test(arguments: [
        ("settings", ServerSetting.markdownTable),
        ("exit-statuses", ServerExitStatus.markdownTable),
    ])
    func theGeneratedTableIsTheCodes(_ name: String, _ table: String) throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let begin = "<!-- \(name):begin (generated from \(name == "settings" ? "ServerSetting.all" : "ServerExitStatus"); do not edit) -->"
        let end = "<!-- \(name):end -->"
        let start = try #require(text.range(of: begin), "docs/server.md has no \(begin)")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "docs/server.md has no \(end)")
        let written = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .newlines)
        if written != table, ProcessInfo.processInfo.environment["QUILL_WRITE_DOCS"] == "1" {
            try (String(text[..<start.upperBound]) + "\n" + table + "\n" + String(text[stop.lowerBound...]))
                .write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        #expect(written == table, "docs/server.md's \(name) table is not the code's; run: QUILL_WRITE_DOCS=1 swift test --filter ServerSettingsDocumentationTests")
    }

    /// `QUILL_SERVER_DATA_DIR` for `QUILL_SERVER_DATA` served the default directory without a
    /// word; a variable that looks like a setting and is none is now named, with the setting meant.
    @Test func aVariableThatLooksLikeASettingIsNamed() {
        let warnings = ServerSetting.misspelledVariables(in: [
            "QUILL_SERVER_DATA_DIR": "/srv", "QUILL_SERVER_LOGLEVEL": "debug", "QUILL_SERVER_PORT": "80",
            "QUILL_SERVER_BINARY": "/usr/bin/quill-server", "QUILL_SERVER_OIDC_CLIENT_SECRET": "s", "QUILL_HOME": "/h",
        ])
        #expect(warnings == [
            "$QUILL_SERVER_DATA_DIR is not a setting of quill-server and is ignored; did you mean $QUILL_SERVER_DATA?",
            "$QUILL_SERVER_LOGLEVEL is not a setting of quill-server and is ignored; did you mean $QUILL_SERVER_LOG_LEVEL?",
        ])
    }
}
