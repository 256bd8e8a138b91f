import ByteStreamInterface
import Glibc

/// Files and the process's standard streams as byte streams, over POSIX file descriptors.
///
/// Exists so that `quill export PATH | -` and `quill import PATH | -` stream straight
/// between the disk (or a pipe) and the archive code.
public struct LocalByteStreams: ByteStreamOpening {
    public init() {}

    public func openForReading(_ path: String) throws(ByteStreamError) -> any ByteSource {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: POSIXFailure.lastMessage()) }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            // A device never ends (`/dev/zero`, `/dev/urandom`: `quill attach` filled the disk
            // with it) or is a disk; a FIFO, `<(command)`, is read as the file it stands for.
            let reason: String? = switch status.st_mode & S_IFMT {
            case S_IFDIR: "it is a directory"
            case S_IFCHR, S_IFBLK: "it is a device, not a file"
            default: nil
            }
            if let reason {
                close(descriptor)
                throw .cannotOpen(path: path, reason: reason)
            }
        }
        return FileDescriptorSource(descriptor: descriptor, ownsDescriptor: true)
    }

    /// A new or regular file is written atomically (`AtomicFileSink`); anything else that is
    /// already there (`/dev/null`, a FIFO) is written in place.
    public func createForWriting(_ path: String) throws(ByteStreamError) -> any ByteSink {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
            return try FileDescriptorSink.openSpecialFile(path)
        }
        return try AtomicFileSink(path: path)
    }

    public func standardInput() -> any ByteSource {
        FileDescriptorSource(descriptor: STDIN_FILENO, ownsDescriptor: false)
    }

    public func standardOutput() -> any ByteSink {
        FileDescriptorSink(descriptor: STDOUT_FILENO)
    }
}

enum POSIXFailure {
    static func lastMessage() -> String { String(cString: strerror(errno)) }
}
