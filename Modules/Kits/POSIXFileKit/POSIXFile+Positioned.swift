#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSync

/// Reads and writes at an offset of a file that grows piece by piece (an attachment arriving),
/// without reading or rewriting what is already there.
extension POSIXFile {
    /// Writes `bytes` at `offset`, creating the file with `permissions` if needed, and cuts the file
    /// where they end (a longer file is the leftover of a write whose record was not kept). Not
    /// synced: `sync(_:)` makes the file durable once it is whole.
    public static func write(_ bytes: [UInt8], to path: String, at offset: Int64, permissions: Permissions) throws(POSIXFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, permissions.mode)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        var written = 0
        let failure: POSIXFileError? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset) + off_t(written))
                if count < 0 {
                    if errno == EINTR { continue }
                    return .last(path)
                }
                written += count
            }
            return nil
        }
        if let failure { throw failure }
        guard ftruncate(descriptor, off_t(offset) + off_t(bytes.count)) == 0 else { throw .last(path) }
        startWriteback(descriptor, from: offset, count: Int64(bytes.count))
    }

    /// Starts writing `count` bytes from `offset` to the disk without waiting (they stay cached):
    /// a big file written piece by piece is then mostly on the disk by the time it is synced, so
    /// the `fsync` that makes it durable waits for the last pieces only.
    public static func startWriteback(_ descriptor: Int32, from offset: Int64, count: Int64) {
        quill_start_writeback(descriptor, offset, count)
    }

    /// Up to `count` bytes from `offset`: fewer at the end of the file, none past it.
    public static func read(_ path: String, at offset: Int64, count: Int) throws(POSIXFileError) -> [UInt8] {
        let file = try OpenedFile(reading: path)
        var failure: POSIXFileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, filled in
            do throws(POSIXFileError) { filled = try file.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer)) } catch { failure = error }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Makes the file's bytes durable.
    public static func sync(_ path: String) throws(POSIXFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .last(path) }
    }
}
