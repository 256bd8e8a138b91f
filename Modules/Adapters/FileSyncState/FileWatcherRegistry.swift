#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SyncStateInterface

/// The watcher's record in `watcher` beside the sync state, under an exclusive `flock(2)` held
/// for as long as it watches: the kernel drops the lock when the process ends, however it ends,
/// so a record without its lock is a watcher that is gone.
public struct FileWatcherRegistry: WatcherRegistering {
    public let path: String

    public init(directory: String) { path = directory + "/watcher" }

    public func whileWatching<T: Sendable>(started: Date, _ body: () async throws -> T) async throws -> T {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DurableFile.Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let other = Self.record(in: descriptor) ?? WatcherRecord(processID: 0, started: Date(timeIntervalSince1970: 0))
            throw WatcherRegistryError.alreadyWatching(other)
        }
        let data = try JSONEncoder().encode(FileShape(WatcherRecord(processID: getpid(), started: started)))
        _ = ftruncate(descriptor, 0)
        _ = data.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        defer { _ = ftruncate(descriptor, 0) }
        return try await body()
    }

    public func current() async throws -> WatcherRecord? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw DurableFile.Failure(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        // A shared lock is granted only when no watcher holds the exclusive one.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return Self.record(in: descriptor)
    }

    /// The record as the file holds it; `nil` if it is not one (being written).
    private static func record(in descriptor: Int32) -> WatcherRecord? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0, let shape = try? JSONDecoder().decode(FileShape.self, from: Data(bytes[0..<count])) else { return nil }
        return WatcherRecord(processID: shape.pid, started: Date(timeIntervalSince1970: Double(shape.startedMilliseconds) / 1000))
    }

    private struct FileShape: Codable {
        var pid: Int32
        /// Milliseconds since 1970, as the sync state keeps its times.
        var startedMilliseconds: Int64

        init(_ record: WatcherRecord) {
            pid = record.processID
            startedMilliseconds = Int64((record.started.timeIntervalSince1970 * 1000).rounded())
        }
    }
}
