import Foundation
import FileSystemInterface
import Synchronization

/// Wraps a file system and fails on purpose: from the Nth mutating operation on, every
/// mutation throws (as a full disk or a killed process would stop them).
///
/// Used to prove that a store interrupted at *any* point stays readable and loses nothing
/// it acknowledged: run an operation with the failure at step 1, 2, 3, … in turn.
public final class FailingFileAccessor: FileAccessing {
    private let base: any FileAccessing
    private let remaining: Mutex<Int?>
    private let failure: FileSystemError
    private let synchronizeFails: Bool

    /// - Parameters:
    ///   - mutationsBeforeFailure: how many writes, appends, moves, removes and directory
    ///     creations succeed before they start failing; `nil` never fails.
    ///   - synchronizeFails: every `synchronize` fails, whatever the count: a machine that loses
    ///     power before its disk has taken what was written unsynced.
    public init(
        wrapping base: any FileAccessing, mutationsBeforeFailure: Int?,
        failure: FileSystemError = .noSpace(path: "injected failure"), synchronizeFails: Bool = false
    ) {
        self.base = base
        self.remaining = Mutex(mutationsBeforeFailure)
        self.failure = failure
        self.synchronizeFails = synchronizeFails
    }

    /// Whether the injected failure has been reached.
    public var hasFailed: Bool { remaining.withLock { $0.map { $0 < 0 } ?? false } }

    public func read(_ path: String) throws(FileSystemError) -> Data { try base.read(path) }
    public func read(_ path: String, offset: Int64, count: Int) throws(FileSystemError) -> Data {
        try base.read(path, offset: offset, count: count)
    }
    public func exists(_ path: String) -> Bool { base.exists(path) }
    public func metadata(of path: String) throws(FileSystemError) -> FileMetadata { try base.metadata(of: path) }
    public func unsyncedWritesEpoch() -> String? { base.unsyncedWritesEpoch() }
    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        try base.contents(ofDirectory: path)
    }

    public func write(_ data: Data, to path: String) throws(FileSystemError) {
        try mutation()
        try base.write(data, to: path)
    }

    public func append(_ data: Data, to path: String) throws(FileSystemError) {
        try mutation()
        try base.append(data, to: path)
    }

    public func move(_ source: String, to destination: String) throws(FileSystemError) {
        try mutation()
        try base.move(source, to: destination)
    }

    /// Each file counts as one mutation, so a failure can interrupt a batch part way.
    public func writeAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        for file in files { try write(file.data, to: file.path) }
    }

    public func moveAll(_ moves: [(source: String, destination: String)]) throws(FileSystemError) {
        for move in moves { try self.move(move.source, to: move.destination) }
    }

    /// Each file counts as one mutation, as in `writeAll`.
    public func createUnsynced(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        if let taken = files.first(where: { base.exists($0.path) }) { throw .alreadyExists(path: taken.path) }
        for file in files {
            try mutation()
            try base.createUnsynced([file])
        }
    }

    public func synchronize(_ path: String) throws(FileSystemError) {
        if synchronizeFails { throw failure }
        try mutation()
        try base.synchronize(path)
    }

    public func remove(_ path: String) throws(FileSystemError) {
        try mutation()
        try base.remove(path)
    }

    public func createDirectory(_ path: String) throws(FileSystemError) {
        try mutation()
        try base.createDirectory(path)
    }

    private func mutation() throws(FileSystemError) {
        let allowed = remaining.withLock { count -> Bool in
            guard let current = count else { return true }
            count = current - 1
            return current > 0
        }
        if !allowed { throw failure }
    }
}
