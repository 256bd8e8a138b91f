import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX file operations with the durability sync state needs.
///
/// Exists because the sync state must survive a crash at any instant: files are replaced
/// by writing a temporary file, `fsync`ing it, renaming it over the old one and `fsync`ing
/// the directory, and they are created with an explicit mode (0600 for secrets).
enum DurableFile {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }

        static func lastError(_ path: String) -> Failure { Failure(path: path, reason: String(cString: strerror(errno))) }
    }

    /// The file's bytes, or `nil` if there is no file.
    static func read(_ path: String) throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, reason: "cannot be read")
        }
        return data
    }

    /// Replaces the file atomically and durably; the new file has `mode`.
    static func replace(_ path: String, with data: Data, mode: mode_t) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectory(directory)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure.lastError(temporary) }
        do {
            _ = fchmod(descriptor, mode) // the umask must not widen or narrow it
            try writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw Failure.lastError(temporary) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure.lastError(path)
        }
        syncDirectory(directory)
    }

    /// Appends durably, creating the file with `mode` if needed.
    static func append(_ data: Data, to path: String, mode: mode_t) throws {
        try createDirectory((path as NSString).deletingLastPathComponent)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure.lastError(path) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw Failure.lastError(path) }
    }

    static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure.lastError(path) }
    }

    /// Creates the directory (mode 0700: it holds private data) and its parents.
    static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: path, reason: "cannot create directory: \(error.localizedDescription)")
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure.lastError(path)
                }
                offset += written
            }
        }
    }

    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
