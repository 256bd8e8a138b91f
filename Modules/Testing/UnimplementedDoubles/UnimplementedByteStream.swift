import ByteStreamInterface

/// Byte streams that fail the test when opened.
public struct UnimplementedByteStreams: ByteStreamOpening {
    public init() {}

    public func openForReading(_ path: String) throws(ByteStreamError) -> any ByteSource {
        throw .cannotOpen(path: path, reason: unimplemented("ByteStreamOpening.openForReading").description)
    }

    public func createForWriting(_ path: String) throws(ByteStreamError) -> any ByteSink {
        throw .cannotOpen(path: path, reason: unimplemented("ByteStreamOpening.createForWriting").description)
    }

    public func standardInput() -> any ByteSource {
        UnimplementedStream(unimplemented("ByteStreamOpening.standardInput"))
    }

    public func standardOutput() -> any ByteSink {
        UnimplementedStream(unimplemented("ByteStreamOpening.standardOutput"))
    }
}

/// Scratch storage that fails the test when a scratch file is made.
public struct UnimplementedScratchStorage: ScratchStorage {
    public init() {}

    public func makeScratchFile() throws(ByteStreamError) -> any ScratchFile {
        throw .cannotOpen(path: "scratch", reason: unimplemented("ScratchStorage.makeScratchFile").description)
    }
}

/// The stream handed out after an unimplemented call was recorded: every use fails.
final class UnimplementedStream: ByteSource, ByteSink {
    private let failure: Unimplemented

    init(_ failure: Unimplemented) { self.failure = failure }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int { throw .readFailed(failure.description) }
    func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) { throw .writeFailed(failure.description) }
    func close() throws(ByteStreamError) { throw .writeFailed(failure.description) }
    func abandon() {}
}
