import FileSystemInterface
import Foundation

/// A real file system seen from a later boot of the machine: every call goes to `base`, but
/// the unsynced-writes epoch is another (or none at all), as after a restart.
///
/// Lets a test ask what code that defers durability does after a power cut, on files a real
/// library (SQLite) wrote, without restarting anything. It cannot lose writes itself: it only
/// makes the code believe they may be lost, which is what that code must act on.
public struct RestartedMachineFileAccessor: FileAccessing {
    private let base: any FileAccessing
    private let epoch: String?

    /// - Parameter epoch: the epoch after the restart; `nil` for a system that cannot tell.
    public init(wrapping base: any FileAccessing, epoch: String? = "restarted-\(UUID().uuidString)") {
        self.base = base
        self.epoch = epoch
    }

    public func unsyncedWritesEpoch() -> String? { epoch }

    public func read(_ path: String) throws(FileSystemError) -> Data { try base.read(path) }
    public func read(_ path: String, offset: Int64, count: Int) throws(FileSystemError) -> Data {
        try base.read(path, offset: offset, count: count)
    }
    public func write(_ data: Data, to path: String) throws(FileSystemError) { try base.write(data, to: path) }
    public func append(_ data: Data, to path: String) throws(FileSystemError) { try base.append(data, to: path) }
    public func move(_ source: String, to destination: String) throws(FileSystemError) { try base.move(source, to: destination) }
    public func writeAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) { try base.writeAll(files) }
    public func moveAll(_ moves: [(source: String, destination: String)]) throws(FileSystemError) { try base.moveAll(moves) }
    public func createUnsynced(_ files: [(path: String, data: Data)]) throws(FileSystemError) { try base.createUnsynced(files) }
    public func synchronize(_ path: String) throws(FileSystemError) { try base.synchronize(path) }
    public func remove(_ path: String) throws(FileSystemError) { try base.remove(path) }
    public func exists(_ path: String) -> Bool { base.exists(path) }
    public func metadata(of path: String) throws(FileSystemError) -> FileMetadata { try base.metadata(of: path) }
    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { try base.contents(ofDirectory: path) }
    public func createDirectory(_ path: String) throws(FileSystemError) { try base.createDirectory(path) }
}
