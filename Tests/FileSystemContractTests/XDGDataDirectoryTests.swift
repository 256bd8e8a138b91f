import FileSystemInterface
import LocalFileSystem
import Testing

@Suite("Data directory rule")
struct XDGDataDirectoryTests {
    func directory(_ environment: [String: String]) throws -> String {
        try XDGDataDirectory(environment: environment, workingDirectory: "/cwd").dataDirectory()
    }

    @Test func quillHomeWinsOverEverything() throws {
        #expect(try directory(["QUILL_HOME": "/q", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/q")
    }

    @Test func thenXDGDataHome() throws {
        #expect(try directory(["XDG_DATA_HOME": "/x/", "HOME": "/h"]) == "/x/quill")
        #expect(try directory(["QUILL_HOME": "", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/quill")
    }

    @Test func thenTheHomeDirectory() throws {
        #expect(try directory(["HOME": "/home/ana"]) == "/home/ana/.local/share/quill")
    }

    @Test func relativePathsAreTakenFromTheWorkingDirectory() throws {
        #expect(try directory(["QUILL_HOME": "notes"]) == "/cwd/notes")
    }

    /// The XDG specification: a relative path in its variables is invalid and ignored.
    @Test func aRelativeXDGDataHomeIsIgnored() throws {
        #expect(try directory(["XDG_DATA_HOME": "data", "HOME": "/home/ana"]) == "/home/ana/.local/share/quill")
    }

    @Test func noVariableAtAllIsAClearError() {
        #expect(throws: FileSystemError.self) { try directory([:]) }
    }
}
