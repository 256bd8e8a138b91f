import ByteStreamInterface
import Glibc

/// Reads a file descriptor with `read(2)`, retrying after interruptions.
final class FileDescriptorSource: ByteSource {
    private let descriptor: Int32
    private let ownsDescriptor: Bool

    init(descriptor: Int32, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .readFailed(POSIXFailure.lastMessage()) }
        }
    }
}
