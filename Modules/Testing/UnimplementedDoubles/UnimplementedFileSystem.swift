import Foundation
import FileSystemInterface

/// A file system that fails the test on any use.
public struct UnimplementedFileAccessor: FileAccessing {
    public init() {}

    public func read(_ path: String) throws(FileSystemError) -> Data { throw failure("read") }
    public func read(_ path: String, offset: Int64, count: Int) throws(FileSystemError) -> Data { throw failure("read(offset:count:)") }
    public func write(_ data: Data, to path: String) throws(FileSystemError) { throw failure("write") }
    public func append(_ data: Data, to path: String) throws(FileSystemError) { throw failure("append") }
    public func move(_ source: String, to destination: String) throws(FileSystemError) { throw failure("move") }
    public func writeAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) { throw failure("writeAll") }
    public func moveAll(_ moves: [(source: String, destination: String)]) throws(FileSystemError) { throw failure("moveAll") }
    public func createUnsynced(_ files: [(path: String, data: Data)]) throws(FileSystemError) { throw failure("createUnsynced") }
    public func createAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) { throw failure("createAll") }
    public func synchronize(_ path: String) throws(FileSystemError) { throw failure("synchronize") }
    public func remove(_ path: String) throws(FileSystemError) { throw failure("remove") }
    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { throw failure("contents") }
    public func metadata(of path: String) throws(FileSystemError) -> FileMetadata { throw failure("metadata") }
    public func createDirectory(_ path: String) throws(FileSystemError) { throw failure("createDirectory") }

    public func unsyncedWritesEpoch() -> String? {
        _ = unimplemented("FileAccessing.unsyncedWritesEpoch")
        return nil
    }

    public func exists(_ path: String) -> Bool {
        _ = unimplemented("FileAccessing.exists")
        return false
    }

    private func failure(_ name: String) -> FileSystemError {
        .other(path: "", reason: unimplemented("FileAccessing.\(name)").description)
    }
}
