import FileSystemInterface
import LocalFileSystem
import Testing

@Suite("Config directory rule")
struct XDGConfigDirectoryTests {
    func directory(_ environment: [String: String]) throws -> String {
        try XDGConfigDirectory(environment: environment).configDirectory()
    }

    @Test func xdgConfigHomeWins() throws {
        #expect(try directory(["XDG_CONFIG_HOME": "/x/conf/", "HOME": "/h"]) == "/x/conf/quill")
    }

    @Test func aRelativeXDGConfigHomeIsIgnoredAsTheSpecSays() throws {
        #expect(try directory(["XDG_CONFIG_HOME": "conf", "HOME": "/home/ana"]) == "/home/ana/.config/quill")
    }

    @Test func quillHomeDoesNotMoveTheSettings() throws {
        #expect(try directory(["QUILL_HOME": "/q", "HOME": "/home/ana"]) == "/home/ana/.config/quill")
    }

    @Test func noVariableAtAllIsAClearError() {
        #expect(throws: FileSystemError.self) { try directory([:]) }
    }
}
