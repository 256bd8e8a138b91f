import QuillServerCLI
import ServerComposition
import Testing

/// The roots' `ServerCLIEnvironment`: settings resolved from the options, then the variables the
/// root was given, then defaults; the store's refusals reach the commands as their failures.
@Suite struct ServerCommandLineTests {
    @Test func backupOfPostgreSQLIsRefusedWithItsToolsNamed() throws {
        let environment = ServerRoots.commandLine(processEnvironment: ["QUILL_SERVER_DATABASE": "postgres://u@127.0.0.1:1/db"],
                                                  homeDirectory: "/nonexistent")
        let server = try environment.configure(ServerOptions())
        #expect { try server.backup(to: "/nonexistent/b.dump") } throws: { error in
            (error as? ServerCommandFailure)?.description.contains("pg_dump --format=custom") == true
        }
        #expect { try server.restore(from: "/nonexistent/b.dump") } throws: { error in
            (error as? ServerCommandFailure)?.description.contains("pg_restore") == true
        }
    }

    @Test func thePreviewKeepsNothingToCopy() throws {
        let server = try ServerRoots.commandLine(processEnvironment: [:], homeDirectory: "/nonexistent").configure(ServerOptions(preview: true))
        #expect(throws: ServerCommandFailure(description: "--preview keeps nothing to back up")) { try server.backup(to: "/nonexistent/b") }
    }

    @Test func aSettingThatCannotBeUsedIsNamedWithItsSource() {
        let environment = ServerRoots.commandLine(processEnvironment: ["QUILL_SERVER_PORT": "eighty"], homeDirectory: "/nonexistent")
        #expect(throws: ServerCommandFailure.invalidSetting("$QUILL_SERVER_PORT: 'eighty' is not a port number")) {
            try environment.configure(ServerOptions(dataDirectory: "/nonexistent"))
        }
    }
}
