#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSync
import Foundation
import FileSystemInterface
import POSIXFileKit

/// The real file system, through POSIX calls, with the durability `FileAccessing` promises:
/// data is fsynced before a rename makes it visible, and the directory is fsynced after. A
/// durable batch of many files is made durable with one `syncfs`, which `WritebackAhead` sets
/// going on the batch's first files while the rest are written.
public struct LocalFileAccessor: FileAccessing {
    public init() {}

    public func read(_ path: String) throws(FileSystemError) -> Data {
        try mapped { () throws(POSIXFileError) in try POSIXFile.read(path) }
    }

    public func withContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T) throws(FileSystemError) -> T {
        try mapped { () throws(POSIXFileError) in try POSIXFile.withMapped(path, body) }
    }

    public func read(_ path: String, offset: Int64, count: Int) throws(FileSystemError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fromErrno(path: path) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: max(count, 0))
        var filled = 0
        while filled < buffer.count {
            let got = buffer.withUnsafeMutableBytes { Glibc.pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(offset) + off_t(filled)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .fromErrno(path: path)
            }
            if got == 0 { break }
            filled += got
        }
        return Data(buffer[0..<filled])
    }

    public func write(_ data: Data, to path: String) throws(FileSystemError) {
        try mapped { () throws(POSIXFileError) in try POSIXFile.replace(path, with: data, permissions: .lessUmask(0o644), durably: true) }
    }

    /// Up to this many files of a batch are synced one by one; more with one `syncfs(2)` for the
    /// whole file system, which makes every file of the batch durable at a fixed cost (but also
    /// waits for whatever else is waiting to be written, hence not for a few files).
    static let filesSyncedOneByOne = 4

    public func writeAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        guard files.count > Self.filesSyncedOneByOne else {
            for file in files { try write(file.data, to: file.path) }
            return
        }
        let directory = POSIXFile.parent(of: files[0].path)
        try WritebackAhead.writing(onFileSystemOf: directory.isEmpty ? "." : directory) { ahead throws(FileSystemError) in
            for (index, file) in files.enumerated() {
                try mapped { () throws(POSIXFileError) in try POSIXFile.replace(file.path, with: file.data, permissions: .lessUmask(0o644), durably: false) }
                ahead.created(count: index + 1)
            }
        }
        try synchronize(directory.isEmpty ? "." : directory)
    }

    public func moveAll(_ moves: [(source: String, destination: String)]) throws(FileSystemError) {
        var directories: [String] = []
        for move in moves {
            guard rename(move.source, move.destination) == 0 else { throw .fromErrno(path: move.source) }
            let directory = POSIXFile.parent(of: move.destination)
            if !directories.contains(directory) { directories.append(directory) }
        }
        for directory in directories { try mapped { () throws(POSIXFileError) in try POSIXFile.syncDirectory(directory) } }
    }

    /// `O_EXCL` does the checking: if a path is taken, the files this call created are removed
    /// again before `alreadyExists` is thrown (no separate check per file beforehand).
    /// Creates the files one after another on the calling thread. Creating files in one
    /// directory from several threads is slower, not faster: the kernel serializes them on the
    /// directory's lock, and the waiting threads spin (docs/performance.md, "Archive").
    public func createUnsynced(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        try create(files, syncingEach: false, writebackAhead: nil)
    }

    public func createAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        guard let first = files.first else { return }
        guard files.count > Self.filesSyncedOneByOne else {
            try create(files, syncingEach: true, writebackAhead: nil)
            for directory in Set(files.map { POSIXFile.parent(of: $0.path) }) {
                try mapped { () throws(POSIXFileError) in try POSIXFile.syncDirectory(directory) }
            }
            return
        }
        try WritebackAhead.writing(onFileSystemOf: POSIXFile.parent(of: first.path)) { ahead throws(FileSystemError) in
            try create(files, syncingEach: false, writebackAhead: ahead)
        }
        try synchronize(first.path)
    }

    private func create(_ files: [(path: String, data: Data)], syncingEach: Bool,
                        writebackAhead: WritebackAhead?) throws(FileSystemError) {
        var created: [String] = []
        created.reserveCapacity(files.count)
        for file in files {
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            var failure: FileSystemError?
            if descriptor < 0 {
                failure = errno == EEXIST ? .alreadyExists(path: file.path) : .fromErrno(path: file.path)
            } else {
                created.append(file.path)
                do throws(POSIXFileError) { try POSIXFile.writeAll(file.data, to: descriptor, path: file.path) } catch { failure = .fromErrno(error.code, path: error.path) }
                if failure == nil, syncingEach, fsync(descriptor) != 0 { failure = .fromErrno(path: file.path) }
                close(descriptor)
                writebackAhead?.created(count: created.count)
            }
            if let failure {
                for path in created { unlink(path) }
                throw failure
            }
        }
    }

    public func synchronize(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fromErrno(path: path) }
        defer { close(descriptor) }
        guard quill_syncfs(descriptor) == 0 else { throw .fromErrno(path: path) }
    }

    /// The kernel's boot ID: the page cache, which holds files not yet written back, lives
    /// exactly as long as one boot.
    public func unsyncedWritesEpoch() -> String? {
        guard let data = try? read("/proc/sys/kernel/random/boot_id"),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        return text
    }

    public func append(_ data: Data, to path: String) throws(FileSystemError) {
        try mapped { () throws(POSIXFileError) in try POSIXFile.append(data, to: path, permissions: .lessUmask(0o644)) }
    }

    public func move(_ source: String, to destination: String) throws(FileSystemError) {
        guard rename(source, destination) == 0 else { throw .fromErrno(path: source) }
        let directories = Set([POSIXFile.parent(of: destination), POSIXFile.parent(of: source)])
        for directory in directories { try mapped { () throws(POSIXFileError) in try POSIXFile.syncDirectory(directory) } }
    }

    public func remove(_ path: String) throws(FileSystemError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .fromErrno(path: path) }
        let result = (status.st_mode & S_IFMT) == S_IFDIR ? rmdir(path) : unlink(path)
        guard result == 0 else { throw .fromErrno(path: path) }
    }

    public func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    public func metadata(of path: String) throws(FileSystemError) -> FileMetadata {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .fromErrno(path: path) }
        let kind: FileMetadata.Kind = switch status.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        default: .other
        }
        let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
        return FileMetadata(kind: kind, size: Int64(status.st_size), modified: modified)
    }

    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        try mapped { () throws(POSIXFileError) in try POSIXFile.names(inDirectory: path) }
    }

    public func createDirectory(_ path: String) throws(FileSystemError) {
        try mapped { () throws(POSIXFileError) in try POSIXFile.createDirectory(path, mode: 0o755) }
    }

    /// Runs a `POSIXFile` call, turning its `errno` into the error every `FileAccessing` throws.
    private func mapped<T>(_ body: () throws(POSIXFileError) -> T) throws(FileSystemError) -> T {
        do { return try body() } catch { throw .fromErrno(error.code, path: error.path) }
    }
}
