import ByteStreamInterface
import Glibc
import POSIXFileKit

/// Writes to a file descriptor with `write(2)`, handling short writes and interruptions.
final class FileDescriptorSink: ByteSink {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var isOpen = true

    /// - Parameter ownsDescriptor: whether `close` and `abandon` close it (not for standard output).
    init(descriptor: Int32, ownsDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    /// Opens something that is not a regular file (a device such as `/dev/null`, a FIFO) for
    /// writing in place: renaming a temporary file over it would replace it.
    static func openSpecialFile(_ path: String) throws(ByteStreamError) -> FileDescriptorSink {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: POSIXFailure.lastMessage()) }
        return FileDescriptorSink(descriptor: descriptor, ownsDescriptor: true)
    }

    deinit {
        abandon()
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(POSIXFailure.lastMessage())
            }
            pointer += written
            remaining -= written
        }
    }

    func close() throws(ByteStreamError) {
        abandon()
    }

    func abandon() {
        guard ownsDescriptor, isOpen else { return }
        isOpen = false
        Glibc.close(descriptor)
    }
}

/// Writes a new file under a temporary name and moves it into place on `close`
/// (`POSIXFile.moveIntoPlace`: `fsync`, `rename`, `fsync` of the directory), so that a failed or interrupted export never leaves a partial archive
/// under the name the user asked for.
final class AtomicFileSink: ByteSink {
    private let path: String
    private let temporaryPath: String
    private let sink: FileDescriptorSink
    private let descriptor: Int32
    private var isOpen = true

    init(path: String) throws(ByteStreamError) {
        self.path = path
        temporaryPath = path + ".partial-\(getpid())"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: POSIXFailure.lastMessage()) }
        sink = FileDescriptorSink(descriptor: descriptor)
    }

    deinit {
        abandon()
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        try sink.write(bytes)
    }

    func close() throws(ByteStreamError) {
        guard isOpen else { return }
        isOpen = false
        do {
            try POSIXFile.moveIntoPlace(descriptor, writtenAt: temporaryPath, to: path, durably: true)
        } catch {
            throw .writeFailed("cannot move the archive into place: \(error)")
        }
    }

    func abandon() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(descriptor)
        unlink(temporaryPath)
    }
}
