import ByteStreamInterface
import ByteStreamTesting
import Foundation
import LocalByteStream
import ScratchDirectories
import Testing

/// What every `ScratchStorage` must do, run against the real one (unlinked temporary files)
/// and the in-memory double, so that the double cannot behave differently.
@Suite("ScratchStorage contract", .scratchDirectory)
struct ScratchStorageContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case temporaryFiles, inMemory

        var testDescription: String { rawValue }

        func make() -> any ScratchStorage {
            switch self {
            case .temporaryFiles: TemporaryScratchStorage(directory: NSTemporaryDirectory())
            case .inMemory: InMemoryScratchStorage()
            }
        }
    }

    static func readAll(_ source: any ByteSource) throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 777)
        while true {
            let count = try buffer.withUnsafeMutableBytes { bytes throws(ByteStreamError) in try source.read(into: bytes) }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    @Test(arguments: Implementation.allCases)
    func readsBackWhatWasAppendedInOrder(implementation: Implementation) throws {
        let file = try implementation.make().makeScratchFile()
        #expect(file.count == 0)
        #expect(try Self.readAll(file.readBack()).isEmpty)
        var expected: [UInt8] = []
        for piece in 0..<300 {
            let bytes = (0..<(piece * 37 % 5000)).map { UInt8(truncatingIfNeeded: $0 &+ piece) }
            try file.append(bytes)
            expected += bytes
        }
        try file.append([UInt8](repeating: 9, count: 600_000))
        expected += [UInt8](repeating: 9, count: 600_000)
        #expect(file.count == Int64(expected.count))
        #expect(try Self.readAll(file.readBack()) == expected)
        #expect(try Self.readAll(file.readBack()) == expected, "a second reader starts from the beginning too")
        try file.append([1, 2, 3])
        #expect(try Self.readAll(file.readBack()) == expected + [1, 2, 3])
    }

    @Test(arguments: Implementation.allCases)
    func filesAreIndependent(implementation: Implementation) throws {
        let storage = implementation.make()
        let first = try storage.makeScratchFile(), second = try storage.makeScratchFile()
        try first.append(Array("first".utf8))
        try second.append(Array("second".utf8))
        #expect(try Self.readAll(first.readBack()) == Array("first".utf8))
        #expect(try Self.readAll(second.readBack()) == Array("second".utf8))
    }

    @Test("temporary scratch files leave nothing in their directory")
    func temporaryFilesLeaveNothingBehind() throws {
        let directory = try Scratch.directory("scratch")
        let file = try TemporaryScratchStorage(directory: directory).makeScratchFile()
        try file.append(Array("bookkeeping".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(try Self.readAll(file.readBack()) == Array("bookkeeping".utf8))
    }

    @Test("a scratch directory that does not exist is a clear error")
    func missingDirectory() {
        #expect(throws: ByteStreamError.self) { try TemporaryScratchStorage(directory: "/nonexistent/quill").makeScratchFile() }
    }
}
