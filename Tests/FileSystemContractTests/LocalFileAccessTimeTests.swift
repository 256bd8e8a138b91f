import Foundation
import Glibc
import LocalFileSystem
import Testing

/// The local file system reads a file without writing its inode: a first read after a write
/// would otherwise update its access time (`relatime`), and the first search after an import
/// reads every note.
@Suite("Local file access time")
struct LocalFileAccessTimeTests {
    @Test func readingAFileLeavesItsAccessTimeAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-atime-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/note.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        // An access time an hour before the modification: `relatime` updates it at the next read.
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil), tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var before = stat()
        #expect(stat(path, &before) == 0)

        #expect(try LocalFileAccessor().read(path) == Data("{}".utf8))

        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_atim.tv_sec == before.st_atim.tv_sec)
    }
}
