#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading at any offset, closed when the last reference goes.
///
/// Exists so that a file read piece after piece (an attachment being downloaded) is opened once,
/// and keeps its bytes even if its name is removed meanwhile. `pread` keeps no position, so
/// several tasks may read one at once.
public final class OpenedFile: Sendable {
    public let path: String
    private let descriptor: Int32

    public init(reading path: String) throws(POSIXFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .last(path) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Fills `buffer` from `offset`, fewer bytes only at the end of the file; returns how many.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(POSIXFileError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}
