import ChildProcesses
import CompressionInterface
import Foundation
import ImportFormatsFeature
import LocalFileSystem
import ScratchDirectories
import Testing
import ZlibCompression

/// Zips made by another program (Python's zipfile), read by `ZipArchive`: what they hold, and
/// the hostile ones it refuses.
@Suite(.scratchDirectory) struct ZipArchiveTests {
    static let limits = ZipArchive.Limits(maximumTotalBytes: 64 << 20, maximumEntryBytes: 32 << 20, maximumRatio: 250)

    /// Runs a Python script that writes `out.zip` in `directory`; returns its path.
    func zip(_ script: String) async throws -> String {
        let path = try Scratch.directory("zip") + "/out.zip"
        let result = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", "import zipfile, sys, struct\npath = sys.argv[1]\n" + script, path])
        #expect(result.status == 0, "\(result.errors)")
        return path
    }

    func open(_ path: String, limits: ZipArchive.Limits = Self.limits) throws -> ZipArchive {
        try ZipArchive(path: path, files: LocalFileAccessor(), decompression: ZlibGzip(), limits: limits)
    }

    @Test("stored and deflated files, in folders, with UTF-8 names, empty ones too")
    func readsWhatZipWrote() async throws {
        let path = try await zip("""
            z = zipfile.ZipFile(path, 'w')
            z.writestr('Takeout/Keep/a.json', b'{"x": 1}' * 1000, compress_type=zipfile.ZIP_DEFLATED)
            z.writestr('Takeout/Keep/同步 notes.txt', 'é中文'.encode(), compress_type=zipfile.ZIP_STORED)
            z.writestr('Takeout/Keep/big.bin', bytes(range(256)) * 1000, compress_type=zipfile.ZIP_STORED)
            z.writestr('empty.txt', b'')
            z.writestr('folder/', b'')
            z.close()
            """)
        let archive = try open(path)
        #expect(archive.paths == ["Takeout/Keep/a.json", "Takeout/Keep/big.bin", "Takeout/Keep/同步 notes.txt", "empty.txt"])
        #expect(try archive.bytes(of: "Takeout/Keep/a.json") == Array(String(repeating: #"{"x": 1}"#, count: 1000).utf8))
        #expect(try archive.bytes(of: "Takeout/Keep/同步 notes.txt") == Array("é中文".utf8))
        #expect(try archive.bytes(of: "Takeout/Keep/big.bin") == Array((0..<1000).flatMap { _ in (0...255).map(UInt8.init) }))
        #expect(try archive.bytes(of: "empty.txt") == [])
    }

    @Test("names that climb out or are absolute are refused; links are passed over")
    func unsafeNames() async throws {
        for name in ["../evil.txt", "a/../../evil.txt", "/etc/passwd", "..\\\\evil.txt", "C:/evil.txt"] {
            let path = try await zip("z = zipfile.ZipFile(path, 'w'); z.writestr('\(name)', b'x'); z.close()")
            #expect(throws: ZipArchive.Failure.self, "\(name)") { try open(path) }
        }
        let path = try await zip("""
            z = zipfile.ZipFile(path, 'w')
            info = zipfile.ZipInfo('link'); info.create_system = 3; info.external_attr = 0o120777 << 16
            z.writestr(info, '/etc/passwd')
            z.writestr('note.json', b'{}')
            z.close()
            """)
        let archive = try open(path)
        #expect(archive.paths == ["note.json"] && archive.skipped == ["link"])
    }

    @Test("bombs: too much in total, too much in one file, far faster growth than input, overlapping files")
    func bombs() async throws {
        let zeros = try await zip("z = zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED); z.writestr('zeros', bytes(40 << 20)); z.close()")
        #expect(throws: ZipArchive.Failure.tooLarge(entry: "zeros", limit: 32 << 20)) { try open(zeros) }
        var tight = Self.limits
        tight.maximumEntryBytes = 64 << 20
        tight.maximumTotalBytes = 16 << 20
        #expect(throws: ZipArchive.Failure.tooLarge(entry: "zeros", limit: 16 << 20)) { try open(zeros, limits: tight) }
        var generous = Self.limits
        generous.maximumEntryBytes = 64 << 20
        generous.maximumTotalBytes = 64 << 20
        let archive = try open(zeros, limits: generous)
        #expect(throws: ZipArchive.Failure.self) { try archive.bytes(of: "zeros") }
        // The overlapping-file bomb: a second entry in the central directory over the first's bytes.
        let overlapping = try await zip("""
            z = zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED)
            z.writestr('a', b'a' * 100); z.writestr('b', b'b' * 100); z.close()
            data = bytearray(open(path, 'rb').read())
            second = data.rfind(b'PK\\x01\\x02')
            data[second + 42:second + 46] = struct.pack('<I', 0)
            open(path, 'wb').write(data)
            """)
        #expect(throws: ZipArchive.Failure.self) { try open(overlapping) }
    }

    @Test("damaged, encrypted, cut short or not a zip: each says so")
    func damaged() async throws {
        let flipped = try await zip("""
            z = zipfile.ZipFile(path, 'w', zipfile.ZIP_STORED); z.writestr('a.txt', b'hello world'); z.close()
            data = bytearray(open(path, 'rb').read())
            at = data.find(b'hello'); data[at] ^= 1
            open(path, 'wb').write(data)
            """)
        #expect(throws: ZipArchive.Failure.damaged(entry: "a.txt", reason: "its CRC-32 does not match")) { try open(flipped).bytes(of: "a.txt") }
        let encrypted = try await zip("""
            z = zipfile.ZipFile(path, 'w'); z.writestr('secret.txt', b'x'); z.close()
            data = bytearray(open(path, 'rb').read())
            central = data.rfind(b'PK\\x01\\x02'); data[central + 8] |= 1
            open(path, 'wb').write(data)
            """)
        #expect(throws: ZipArchive.Failure.unsupported(entry: "secret.txt", reason: "it is encrypted; export again without a password")) {
            try open(encrypted)
        }
        let cut = try await zip("""
            z = zipfile.ZipFile(path, 'w'); z.writestr('a.txt', b'x' * 1000); z.close()
            data = open(path, 'rb').read(); open(path, 'wb').write(data[:len(data) - 30])
            """)
        #expect(throws: ZipArchive.Failure.notZip) { try open(cut) }
    }
}
