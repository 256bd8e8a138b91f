import ByteStreamInterface
import Glibc

/// Scratch files in a temporary directory, unlinked as soon as they are created: nothing is
/// left behind whatever happens to the process, and the kernel's page cache keeps small
/// ones in memory anyway.
public struct TemporaryScratchStorage: ScratchStorage {
    private let directory: String

    /// - Parameter directory: where the (nameless) files live, e.g. `$TMPDIR` or `/tmp`.
    public init(directory: String) {
        self.directory = directory
    }

    public func makeScratchFile() throws(ByteStreamError) -> any ScratchFile {
        var template = Array((directory + "/quill-scratch-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotOpen(path: directory, reason: "no scratch file can be made there (\(POSIXFailure.lastMessage())); set TMPDIR to a writable directory")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return UnlinkedScratchFile(descriptor: descriptor)
    }
}

/// Appends through a buffer (bookkeeping comes in lines of ~100 bytes) and reads back with
/// `pread`, so that any number of readers can start from the beginning.
final class UnlinkedScratchFile: ScratchFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var written: Int64 = 0
    private static let bufferBytes = 256 << 10

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.bufferBytes)
    }

    deinit {
        close(descriptor)
    }

    var count: Int64 { written + Int64(buffer.count) }

    func append(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        if buffer.count + bytes.count > Self.bufferBytes { try flush() }
        if bytes.count > Self.bufferBytes {
            try write(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    func readBack() throws(ByteStreamError) -> any ByteSource {
        try flush()
        return PositionalSource(descriptor: descriptor, owner: self, end: written)
    }

    private func flush() throws(ByteStreamError) {
        guard !buffer.isEmpty else { return }
        let result = buffer.withUnsafeBytes { bytes in Result { () throws(ByteStreamError) in try write(bytes) } }
        try result.get()
        buffer.removeAll(keepingCapacity: true)
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        var offset = 0
        while offset < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(written))
            if count < 0 {
                if errno == EINTR { continue }
                throw .writeFailed("scratch file: " + POSIXFailure.lastMessage())
            }
            offset += count
            written += Int64(count)
        }
    }

    /// Reads `[0, end)` of the file with `pread`; keeps the file open while it reads.
    private final class PositionalSource: ByteSource {
        private let descriptor: Int32
        private let owner: UnlinkedScratchFile
        private let end: Int64
        private var position: Int64 = 0

        init(descriptor: Int32, owner: UnlinkedScratchFile, end: Int64) {
            self.descriptor = descriptor
            self.owner = owner
            self.end = end
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
            let wanted = Int(min(Int64(buffer.count), end - position))
            guard wanted > 0, let base = buffer.baseAddress else { return 0 }
            while true {
                let count = pread(descriptor, base, wanted, off_t(position))
                if count >= 0 {
                    position += Int64(count)
                    return count
                }
                if errno != EINTR { throw .readFailed("scratch file: " + POSIXFailure.lastMessage()) }
            }
        }
    }
}
