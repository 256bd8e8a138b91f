#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import POSIXFileKit

/// The sync state's files: private to the user (a 0700 directory, 0600 files, whatever the
/// umask) and replaced or appended durably through `POSIXFile`, so they survive a crash at any
/// instant.
enum DurableFile {
    /// A sync-state file that exists but cannot be used; the reason says what to do.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// The file's bytes, or `nil` if there is no file.
    static func read(_ path: String) throws(POSIXFileError) -> Data? {
        do { return try POSIXFile.read(path) } catch where error.code == ENOENT { return nil }
    }

    /// Whether a file is at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The names in `directory`; none if it does not exist.
    static func names(in directory: String) throws(POSIXFileError) -> [String] {
        do { return try POSIXFile.names(inDirectory: directory) } catch where error.code == ENOENT { return [] }
    }

    /// Replaces the file atomically and durably, creating its directory if needed.
    static func replace(_ path: String, with data: some ContiguousBytes) throws(POSIXFileError) {
        try POSIXFile.createDirectory(POSIXFile.parent(of: path), mode: 0o700)
        try POSIXFile.replace(path, with: data, permissions: .exactly(0o600), durably: true)
    }

    /// Writes a new file whose name the next `replace` in the same directory makes durable with
    /// its own (`POSIXFile.createSynced`).
    static func createNamedLater(_ path: String, with data: some ContiguousBytes) throws(POSIXFileError) {
        try POSIXFile.createDirectory(POSIXFile.parent(of: path), mode: 0o700)
        try POSIXFile.createSynced(path, with: data, permissions: .exactly(0o600))
    }

    /// Appends durably, creating the file and its directory if needed.
    static func append(_ data: Data, to path: String) throws(POSIXFileError) {
        try POSIXFile.createDirectory(POSIXFile.parent(of: path), mode: 0o700)
        try POSIXFile.append(data, to: path, permissions: .exactly(0o600))
    }

    /// Removes the file; nothing to do if there is none.
    static func remove(_ path: String) throws(POSIXFileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw POSIXFileError(code: errno, path: path) }
    }
}
