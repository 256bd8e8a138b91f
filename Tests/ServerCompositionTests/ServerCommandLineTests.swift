import QuillServerCLI
import ServerComposition
import Testing

/// The roots' `ServerCLIEnvironment`: settings resolved from the options, then the variables the
/// root was given, then defaults; the store's refusals reach the commands as their failures.
@Suite struct ServerCommandLineTests {
    @Test func backupOfPostgreSQLIsRefusedWithItsToolsNamed() throws {
        let server = try ServerRoots.commandLine(options: ServerOptions(), processEnvironment: ["QUILL_SERVER_DATABASE": "postgres://u@127.0.0.1:1/db"],
                                                 homeDirectory: "/nonexistent").server
        #expect { try server.backup(to: "/nonexistent/b.dump") } throws: { error in
            (error as? ServerCommandFailure)?.hint.contains("pg_dump --format=custom") == true
        }
        #expect { try server.restore(from: "/nonexistent/b.dump") } throws: { error in
            (error as? ServerCommandFailure)?.hint.contains("pg_restore") == true
        }
    }

    @Test func thePreviewKeepsNothingToCopy() throws {
        let server = try ServerRoots.commandLine(options: ServerOptions(preview: true), processEnvironment: [:], homeDirectory: "/nonexistent").server
        #expect { try server.backup(to: "/nonexistent/b") } throws: { error in
            (error as? ServerCommandFailure)?.description == "--preview keeps nothing to back up"
        }
    }

    @Test func aSettingThatCannotBeUsedIsNamedWithItsSource() {
        let refusal = #expect(throws: ServerCommandFailure.self) {
            try ServerRoots.commandLine(options: ServerOptions(dataDirectory: "/nonexistent"), processEnvironment: ["QUILL_SERVER_PORT": "eighty"],
                                        homeDirectory: "/nonexistent")
        }
        #expect(refusal?.kind == .invalidSetting)
        #expect(refusal?.description == "$QUILL_SERVER_PORT: 'eighty' is not a port number between 0 and 65535")
        #expect(refusal?.hint.hasPrefix("the port to listen on; 0 picks a free one (default: 8080)") == true)
    }
}
