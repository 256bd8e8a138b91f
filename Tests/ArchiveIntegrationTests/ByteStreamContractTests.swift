import ByteStreamInterface
import ByteStreamTesting
import Foundation
import LocalByteStreams
import Testing

/// The contract of `ByteStreamOpening`, run against real files and the in-memory fake.
@Suite("Byte stream contract")
struct ByteStreamContractTests {
    struct Implementation: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable (TemporaryDirectory) -> any ByteStreamOpening
        var testDescription: String { name }
    }

    static let implementations = [
        Implementation(name: "local files") { _ in LocalByteStreams() },
        Implementation(name: "in memory") { _ in InMemoryByteStreamFiles() },
    ]

    func readAll(_ source: any ByteSource) throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 777)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { return result }
            result += buffer[..<count]
        }
    }

    @Test("what is written and closed reads back identically", arguments: implementations)
    func roundTrip(_ implementation: Implementation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let streams = implementation.make(directory)
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let sink = try streams.createForWriting(directory.path("file"))
        try sink.write(Array(bytes.prefix(10)))
        try sink.write(Array(bytes.dropFirst(10)))
        try sink.close()
        #expect(try readAll(streams.openForReading(directory.path("file"))) == bytes)
    }

    @Test("an abandoned file does not appear", arguments: implementations)
    func abandon(_ implementation: Implementation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let streams = implementation.make(directory)
        let sink = try streams.createForWriting(directory.path("file"))
        try sink.write([1, 2, 3])
        sink.abandon()
        #expect(throws: ByteStreamError.self) { try streams.openForReading(directory.path("file")) }
    }

    @Test("opening a missing file is a clear error", arguments: implementations)
    func missing(_ implementation: Implementation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let streams = implementation.make(directory)
        #expect(throws: ByteStreamError.cannotOpen(path: directory.path("nope"), reason: "No such file or directory")) {
            try streams.openForReading(directory.path("nope"))
        }
    }
}
