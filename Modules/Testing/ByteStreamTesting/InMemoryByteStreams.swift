import ByteStreamInterface
import QuillModels
import Synchronization

/// Bytes collected in memory: what a test reads back after an export.
public final class InMemoryByteSink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public private(set) var isClosed = false
    public private(set) var isAbandoned = false
    private let onClose: ([UInt8]) -> Void

    public init(onClose: @escaping ([UInt8]) -> Void = { _ in }) {
        self.onClose = onClose
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        self.bytes.append(contentsOf: bytes)
    }

    public func close() throws(ByteStreamError) {
        isClosed = true
        onClose(bytes)
    }

    public func abandon() {
        isAbandoned = true
    }
}

/// Bytes served from memory, in reads of at most `maximumReadSize` bytes so that tests
/// exercise every way input can be split.
public final class InMemoryByteSource: ByteSource {
    private var cursor: ByteCursor
    private let maximumReadSize: Int

    public init(_ bytes: [UInt8], maximumReadSize: Int = 64 * 1024) {
        cursor = ByteCursor(bytes)
        self.maximumReadSize = max(1, maximumReadSize)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        cursor.read(into: buffer, limit: maximumReadSize)
    }
}

/// A source that fails after serving some bytes, or a sink that fails after accepting some:
/// to prove that a broken pipe or full disk gives a clear error and changes nothing.
public final class FailingByteSource: ByteSource {
    private let wrapped: InMemoryByteSource
    private var budget: Int
    private let failure: ByteStreamError

    public init(_ bytes: [UInt8], failAfter budget: Int, failure: ByteStreamError = .readFailed("injected failure")) {
        wrapped = InMemoryByteSource(bytes, maximumReadSize: 4096)
        self.budget = budget
        self.failure = failure
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        guard budget > 0 else { throw failure }
        let count = try wrapped.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(budget)))
        budget -= count
        return count
    }
}

public final class FailingByteSink: ByteSink {
    private var budget: Int
    private let failure: ByteStreamError
    public private(set) var isAbandoned = false

    public init(failAfter budget: Int, failure: ByteStreamError = .writeFailed("injected: no space left on device")) {
        self.budget = budget
        self.failure = failure
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        budget -= bytes.count
        if budget < 0 { throw failure }
    }

    public func close() throws(ByteStreamError) {}

    public func abandon() { isAbandoned = true }
}

/// Named in-memory files plus standard streams: the `ByteStreamOpening` of previews and CLI tests.
public final class InMemoryByteStreamFiles: ByteStreamOpening {
    private let files: Mutex<[String: [UInt8]]>
    private let stdin: [UInt8]
    private let stdout = Mutex<[UInt8]>([])

    public init(files: [String: [UInt8]] = [:], standardInput: [UInt8] = []) {
        self.files = Mutex(files)
        self.stdin = standardInput
    }

    public func file(_ path: String) -> [UInt8]? { files.withLock { $0[path] } }

    public var standardOutputBytes: [UInt8] { stdout.withLock { $0 } }

    public func openForReading(_ path: String) throws(ByteStreamError) -> any ByteSource {
        guard let bytes = file(path) else { throw .cannotOpen(path: path, reason: "No such file or directory") }
        return InMemoryByteSource(bytes)
    }

    public func createForWriting(_ path: String) throws(ByteStreamError) -> any ByteSink {
        InMemoryByteSink { [self] bytes in self.files.withLock { $0[path] = bytes } }
    }

    public func standardInput() -> any ByteSource { InMemoryByteSource(stdin) }

    public func standardOutput() -> any ByteSink {
        InMemoryByteSink { [self] bytes in self.stdout.withLock { $0.append(contentsOf: bytes) } }
    }
}

/// Scratch files in memory, for unit tests (no disk); counts the files made.
public final class InMemoryScratchStorage: ScratchStorage {
    private let made = Mutex(0)

    public init() {}

    public var filesMade: Int { made.withLock { $0 } }

    public func makeScratchFile() throws(ByteStreamError) -> any ScratchFile {
        made.withLock { $0 += 1 }
        return InMemoryScratchFile()
    }
}

public final class InMemoryScratchFile: ScratchFile {
    private var bytes: [UInt8] = []

    public var count: Int64 { Int64(bytes.count) }

    public func append(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        self.bytes.append(contentsOf: bytes)
    }

    public func readBack() throws(ByteStreamError) -> any ByteSource {
        InMemoryByteSource(bytes, maximumReadSize: 1000)
    }
}

/// Scratch storage that runs out: every file fails once `budget` bytes have been appended
/// to it, as a full temporary directory would.
public struct FailingScratchStorage: ScratchStorage {
    private let budget: Int

    public init(failAfter budget: Int) {
        self.budget = budget
    }

    public func makeScratchFile() throws(ByteStreamError) -> any ScratchFile {
        FailingScratchFile(budget: budget)
    }

    private final class FailingScratchFile: ScratchFile {
        private let inner = InMemoryScratchFile()
        private let budget: Int

        init(budget: Int) {
            self.budget = budget
        }

        var count: Int64 { inner.count }

        func append(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
            guard inner.count + Int64(bytes.count) <= budget else { throw .writeFailed("injected: no space left for a scratch file") }
            try inner.append(bytes)
        }

        func readBack() throws(ByteStreamError) -> any ByteSource { try inner.readBack() }
    }
}
