import ByteStreamInterface
import ByteStreamTesting
import Foundation
import LocalByteStream
import ScratchDirectories
import Testing

/// The contract of `ByteStreamOpening`, run against real files and the in-memory fake.
@Suite("Byte stream contract", .scratchDirectory)
struct ByteStreamContractTests {
    struct Implementation: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable () -> any ByteStreamOpening
        var testDescription: String { name }
    }

    static let implementations = [
        Implementation(name: "local files") { LocalByteStreams() },
        Implementation(name: "in memory") { InMemoryByteStreamFiles() },
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
        let directory = try Scratch.directory("streams")
        let streams = implementation.make()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let sink = try streams.createForWriting(directory + "/file")
        try sink.write(Array(bytes.prefix(10)))
        try sink.write(Array(bytes.dropFirst(10)))
        try sink.close()
        #expect(try readAll(streams.openForReading(directory + "/file")) == bytes)
    }

    @Test("an abandoned file does not appear", arguments: implementations)
    func abandon(_ implementation: Implementation) throws {
        let directory = try Scratch.directory("streams")
        let streams = implementation.make()
        let sink = try streams.createForWriting(directory + "/file")
        try sink.write([1, 2, 3])
        sink.abandon()
        #expect(throws: ByteStreamError.self) { try streams.openForReading(directory + "/file") }
    }

    @Test("opening a missing file is a clear error", arguments: implementations)
    func missing(_ implementation: Implementation) throws {
        let directory = try Scratch.directory("streams")
        let streams = implementation.make()
        #expect(throws: ByteStreamError.cannotOpen(path: directory + "/nope", reason: "No such file or directory")) {
            try streams.openForReading(directory + "/nope")
        }
    }
}

/// What only the real files have: special files are written in place, never replaced.
@Suite("Local byte streams", .scratchDirectory)
struct LocalByteStreamTests {
    /// `quill export --output /dev/null` once replaced /dev/null with a regular file (the
    /// atomic rename); a FIFO stands in for the device here.
    @Test("writing to a FIFO writes through it and leaves it a FIFO")
    func specialFilesAreWrittenInPlace() throws {
        let directory = try Scratch.directory("streams")
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let sink = try LocalByteStreams().createForWriting(fifo)
        try sink.write(Array("through the pipe".utf8))
        try sink.close()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(0, count))) == Array("through the pipe".utf8))
        var status = stat()
        #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
    }

    /// `quill attach ID /dev/zero` read for ever and filled the disk with one incoming file.
    @Test("a device is not opened for reading; a FIFO is")
    func devicesAreRefused() throws {
        for device in ["/dev/zero", "/dev/null"] {
            #expect(throws: ByteStreamError.cannotOpen(path: device, reason: "it is a device, not a file")) {
                try LocalByteStreams().openForReading(device)
            }
        }
        let fifo = try Scratch.directory("streams") + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread { if let file = fopen(fifo, "w") { fputs("piped", file); fclose(file) } }
        writer.start()
        var buffer = [UInt8](repeating: 0, count: 64)
        let source = try LocalByteStreams().openForReading(fifo)
        let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        #expect(Array(buffer.prefix(count)) == Array("piped".utf8))
    }
}
