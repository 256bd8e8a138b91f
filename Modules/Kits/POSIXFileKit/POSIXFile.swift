#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSync
import Foundation

/// Whole-file reads and the durable write sequences over POSIX calls: the one implementation of
/// "temporary file, `fsync`, `rename`, `fsync` of the directory" (`moveIntoPlace`) that every
/// adapter keeping files uses (the local file system, the sync state, the attachment store, the
/// archive files an export writes), so its crash-safety is right in one place.
public enum POSIXFile {
    /// The file's bytes, read with one `fstat` and `read`s into a buffer of its size, without
    /// updating the file's access time where the system allows it (`quill_open_for_reading`).
    public static func read(_ path: String) throws(POSIXFileError) -> Data {
        let descriptor = quill_open_for_reading(path)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .last(path) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw POSIXFileError(code: EISDIR, path: path) }
        // Read straight into the result, one byte more than the size said, so that a file
        // that grew since is read on to its end.
        var data = Data(count: max(Int(status.st_size) + 1, 256))
        var filled = 0
        while true {
            if filled == data.count { data.count += min(data.count, 1 << 20) }
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }

    /// Calls `body` with the file's bytes mapped into memory (read-only, private): a file read
    /// whole and scanned once costs neither a copy nor a fresh page per 4 KiB. The bytes are the
    /// file as `fstat` found it; the file must not be truncated in place meanwhile (Quill's are
    /// replaced by renaming, which leaves a mapping of the old file whole).
    public static func withMapped<T>(_ path: String, _ body: (UnsafeRawBufferPointer) -> T) throws(POSIXFileError) -> T {
        let descriptor = quill_open_for_reading(path)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .last(path) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw POSIXFileError(code: EISDIR, path: path) }
        let size = Int(status.st_size)
        guard size > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else { throw .last(path) }
        defer { munmap(mapping, size) }
        return body(UnsafeRawBufferPointer(start: mapping, count: size))
    }

    /// Replaces the file atomically: the bytes go to a new temporary file beside `path` (with
    /// `permissions`), which is renamed over `path`. With `durably` the
    /// file is `fsync`ed before the rename and the directory after it, so a crash leaves the old
    /// or the new bytes; without, the caller makes the batch durable later (`syncfs`).
    public static func replace(_ path: String, with data: some ContiguousBytes, permissions: Permissions,
                               durably: Bool) throws(POSIXFileError) {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions.mode)
        guard descriptor >= 0 else { throw POSIXFileError(code: errno, path: path) }
        do throws(POSIXFileError) {
            if case .exactly(let mode) = permissions, fchmod(descriptor, mode) != 0 { throw .last(path) }
            try writeAll(data, to: descriptor, path: path)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        try moveIntoPlace(descriptor, writtenAt: temporary, to: path, durably: durably)
    }

    /// The durable write's last steps, for a file written under a temporary name: `fsync` the
    /// bytes, close the descriptor, rename the temporary file over `path`, and `fsync` the
    /// directory so the new name survives a crash. A crash or a failure at any step leaves
    /// `path` as it was; on failure the temporary file is removed. Without `durably` the two
    /// `fsync`s are left out: the caller makes a batch durable later (`syncfs`).
    public static func moveIntoPlace(_ descriptor: Int32, writtenAt temporary: String, to path: String,
                                     durably: Bool) throws(POSIXFileError) {
        if durably, fsync(descriptor) != 0 {
            let failure = POSIXFileError.last(path)
            close(descriptor)
            unlink(temporary)
            throw failure
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let failure = POSIXFileError.last(path)
            unlink(temporary)
            throw failure
        }
        if durably { try syncDirectory(parent(of: path)) }
    }

    /// Creates a file that must not exist yet, writes `data` and `fsync`s it, leaving the new name
    /// for the caller to make durable: for a file that a second file, written and synced after it
    /// in the same directory, will name, so that one `fsync` of the directory serves both. A crash
    /// can leave the file cut short, but only while nothing names it; a failure removes it.
    public static func createSynced(_ path: String, with data: some ContiguousBytes, permissions: Permissions) throws(POSIXFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions.mode)
        guard descriptor >= 0 else { throw .last(path) }
        do throws(POSIXFileError) {
            if case .exactly(let mode) = permissions, fchmod(descriptor, mode) != 0 { throw .last(path) }
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw .last(path) }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        close(descriptor)
    }

    /// Appends durably, creating the file with `permissions` if needed (and then `fsync`ing its
    /// directory, so the new name survives a crash too).
    public static func append(_ data: Data, to path: String, permissions: Permissions) throws(POSIXFileError) {
        let existed = access(path, F_OK) == 0
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, permissions.mode)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        if !existed, case .exactly(let mode) = permissions, fchmod(descriptor, mode) != 0 { throw .last(path) }
        try writeAll(data, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw .last(path) }
        if !existed { try syncDirectory(parent(of: path)) }
    }

    /// Writes every byte of `data` to an open descriptor, retrying short and interrupted writes.
    public static func writeAll(_ data: some ContiguousBytes, to descriptor: Int32, path: String) throws(POSIXFileError) {
        let failure: POSIXFileError? = data.withUnsafeBytes { bytes in
            do throws(POSIXFileError) { try writeAll(bytes, to: descriptor, path: path) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Writes every byte of `bytes` to an open descriptor, retrying short and interrupted writes.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(POSIXFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            offset += written
        }
    }

    /// Creates a directory with `mode` (less the umask) and any missing parents; does nothing if
    /// it exists.
    public static func createDirectory(_ path: String, mode: mode_t) throws(POSIXFileError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw POSIXFileError(code: ENOTDIR, path: path) }
            return
        }
        let parentPath = parent(of: path)
        if !parentPath.isEmpty, parentPath != path, access(parentPath, F_OK) != 0 {
            try createDirectory(parentPath, mode: mode)
        }
        guard mkdir(path, mode) == 0 || errno == EEXIST else { throw .last(path) }
    }

    /// The names in a directory, `.` and `..` left out, in the order the file system gives them.
    public static func names(inDirectory path: String) throws(POSIXFileError) -> [String] {
        guard let directory = opendir(path) else { throw .last(path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes the directory's entries (new names, renames, removals) durable.
    public static func syncDirectory(_ directory: String) throws(POSIXFileError) {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .last(directory) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .last(directory) }
    }

    /// The directory part of a path: `""` for a bare name, `/` for a file at the root.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
