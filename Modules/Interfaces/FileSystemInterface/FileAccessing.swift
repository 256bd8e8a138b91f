import Foundation

/// Reads, writes, lists and removes files: the only way Quill's file-backed code touches a disk.
///
/// Paths are absolute strings. Every write is durable and atomic as seen by a reader:
/// after `write` returns, the file holds either all of the new bytes (even across a crash)
/// or, if it throws, what it held before.
public protocol FileAccessing: Sendable {
    /// The file's bytes; `FileSystemError.notFound` if there is no file at `path`.
    func read(_ path: String) throws(FileSystemError) -> Data
    /// Calls `body` with the file's bytes, without a copy where the system allows (a memory
    /// map): for a large file scanned once and kept by no one (the store's summary journal, read
    /// by the commands that show a few notes). `FileSystemError.notFound` if there is no file.
    func withContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T) throws(FileSystemError) -> T
    /// Up to `count` bytes of the file from `offset`: fewer at its end, none past it. For files
    /// too large to read whole (the store's index, read in pieces by an export).
    func read(_ path: String, offset: Int64, count: Int) throws(FileSystemError) -> Data
    /// Replaces the file atomically and durably (temp file, fsync, rename, fsync of the directory).
    /// A process killed meanwhile may leave the temp file beside `path` (`WriteLeftovers`).
    func write(_ data: Data, to path: String) throws(FileSystemError)
    /// Appends durably, creating the file if needed.
    func append(_ data: Data, to path: String) throws(FileSystemError)
    /// Renames atomically and durably; replaces `destination` if it exists.
    func move(_ source: String, to destination: String) throws(FileSystemError)
    /// Writes several files, each atomically, and returns once all of them are durable:
    /// much cheaper than one `write` each, because durability is paid once for the batch.
    /// If it throws, each file holds either its old or its new contents.
    func writeAll(_ files: [(path: String, data: Data)]) throws(FileSystemError)
    /// Renames several files and returns once each is durable at its destination. The sources'
    /// directories are not synced (that is one `fsync` fewer per batch): after a power cut a
    /// source may be found again beside its destination, so a caller must be able to tell such a
    /// leftover and discard it.
    func moveAll(_ moves: [(source: String, destination: String)]) throws(FileSystemError)
    /// Creates new files without waiting for them to be durable: for many files that one later
    /// `synchronize` makes durable. If a path is taken it throws `alreadyExists` and leaves none
    /// of the files of this call behind. Until then a crash may leave any of them missing or
    /// partly written, so callers must be able to find and discard them.
    func createUnsynced(_ files: [(path: String, data: Data)]) throws(FileSystemError)
    /// Creates new files and returns once all of them are durable: one write each, where
    /// `writeAll` writes a temporary file and renames it. If a path is taken it throws
    /// `alreadyExists` and leaves none of the files of this call behind; a crash before it
    /// returns may leave any of them missing or partly written, as `createUnsynced` may.
    func createAll(_ files: [(path: String, data: Data)]) throws(FileSystemError)
    /// Returns once everything written so far on the file system holding `path` is durable.
    func synchronize(_ path: String) throws(FileSystemError)
    /// Names the span within which nothing written can be lost, durable or not: unsynced files
    /// created under the same value are still whole. It changes only when the machine restarts
    /// (on Linux it is the boot ID), so a different value means they may be missing or partly
    /// written. `nil` if the system cannot tell; then only `synchronize` makes a file safe.
    func unsyncedWritesEpoch() -> String?
    /// Removes a file or an empty directory; `FileSystemError.notFound` if nothing is there.
    func remove(_ path: String) throws(FileSystemError)
    func exists(_ path: String) -> Bool
    /// What is at `path` (a symbolic link is `.other`, not followed); `notFound` if nothing.
    func metadata(of path: String) throws(FileSystemError) -> FileMetadata
    /// The names (not paths) of the entries in a directory, in no particular order.
    func contents(ofDirectory path: String) throws(FileSystemError) -> [String]
    /// Creates a directory and any missing parents; does nothing if it already exists.
    func createDirectory(_ path: String) throws(FileSystemError)
}

extension FileAccessing {
    /// The bytes `read` gives: for file systems in memory, where there is nothing to map.
    public func withContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T) throws(FileSystemError) -> T {
        try read(path).withUnsafeBytes(body)
    }

    /// Creates the files unsynced, then makes the file system durable once.
    public func createAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        guard let first = files.first else { return }
        try createUnsynced(files)
        try synchronize(first.path)
    }
}

/// The temporary files a `write` or `writeAll` leaves behind when its process is killed between
/// creating and renaming them, `NAME.tmp-PID-RANDOM` beside `NAME`: whoever lists a directory
/// that files are written into tells them from real files, and removes them when it may.
public enum WriteLeftovers {
    public static func isLeftover(_ name: String) -> Bool {
        name.contains(".tmp-")
    }
}
