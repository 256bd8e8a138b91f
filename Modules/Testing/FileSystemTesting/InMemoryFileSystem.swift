import Foundation
import FileSystemInterface
import Synchronization

/// A file system in memory that behaves like the real one: same errors for missing parents,
/// directories read as files, non-empty directories removed, and so on.
///
/// Lets file-backed code (the note store) be unit tested without touching a disk, and the
/// file-system contract suite proves it behaves as `LocalFileAccessor` does. It also keeps
/// track of the files `createUnsynced` made and no `synchronize` has made durable since, and of
/// the names `moveAll` took away from directories it did not sync, so a test can restart the
/// machine with or without losing those writes (`restart(losingUnsyncedWrites:)`).
public final class InMemoryFileSystem: FileAccessing {
    enum Entry: Sendable {
        case file(Data)
        case directory
    }

    private let entries = Mutex<[String: Entry]>(["/": .directory])
    private let volatile = Mutex(Volatile())

    private struct Volatile {
        var unsynced = Set<String>()
        /// Sources of `moveAll` whose directory no durable call has synced since: each comes back
        /// after a power cut.
        var movedAway: [String: Data] = [:]
        var boots = 1
    }

    public init() {}

    /// Every file path with its contents: for tests that inspect or damage what was written.
    public var files: [String: Data] {
        entries.withLock { entries in
            entries.compactMapValues { if case .file(let data) = $0 { data } else { nil } }
        }
    }

    public func read(_ path: String) throws(FileSystemError) -> Data {
        let path = normalized(path)
        return try entries.withLock { entries throws(FileSystemError) -> Data in
            try checkParents(of: path, in: entries)
            switch entries[path] {
            case .file(let data): return data
            case .directory: throw .isADirectory(path: path)
            case nil: throw .notFound(path: path)
            }
        }
    }

    public func read(_ path: String, offset: Int64, count: Int) throws(FileSystemError) -> Data {
        let data = try read(path)
        let start = data.startIndex + Int(min(max(offset, 0), Int64(data.count)))
        return Data(data[start..<min(start + max(count, 0), data.endIndex)])
    }

    public func write(_ data: Data, to path: String) throws(FileSystemError) {
        try store(path) { _ in data }
        synced(path)
        directorySynced(of: path)
    }

    public func append(_ data: Data, to path: String) throws(FileSystemError) {
        let created = !exists(path)
        try store(path) { existing in (existing ?? Data()) + data }
        synced(path)
        if created { directorySynced(of: path) }
    }

    public func move(_ source: String, to destination: String) throws(FileSystemError) {
        let source = normalized(source), destination = normalized(destination)
        try entries.withLock { entries throws(FileSystemError) in
            try checkParents(of: source, in: entries)
            guard case .file(let data) = entries[source] else {
                throw entries[source] == nil ? .notFound(path: source) : .isADirectory(path: source)
            }
            try checkParentDirectory(of: destination, in: entries)
            if case .directory = entries[destination] { throw .isADirectory(path: destination) }
            entries[source] = nil
            entries[destination] = .file(data)
        }
        synced(source)
        synced(destination)
        directorySynced(of: source)
        directorySynced(of: destination)
    }

    public func writeAll(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        for file in files { try write(file.data, to: file.path) }
    }

    public func moveAll(_ moves: [(source: String, destination: String)]) throws(FileSystemError) {
        var movedAway: [String: Data] = [:]
        for move in moves {
            let data = try read(move.source)
            try self.move(move.source, to: move.destination)
            movedAway[normalized(move.source)] = data
        }
        let synced = Set(moves.map { parentPath(of: normalized($0.destination)) })
        volatile.withLock { volatile in
            for (source, data) in movedAway where !synced.contains(parentPath(of: source)) { volatile.movedAway[source] = data }
        }
    }

    public func createUnsynced(_ files: [(path: String, data: Data)]) throws(FileSystemError) {
        if let taken = files.first(where: { exists($0.path) }) { throw .alreadyExists(path: normalized(taken.path)) }
        for file in files {
            try store(file.path) { _ in file.data }
            volatile.withLock { _ = $0.unsynced.insert(normalized(file.path)) }
        }
    }

    public func synchronize(_ path: String) throws(FileSystemError) {
        guard exists(path) else { throw .notFound(path: normalized(path)) }
        volatile.withLock { volatile in
            volatile.unsynced.removeAll()
            volatile.movedAway.removeAll()
        }
    }

    public func unsyncedWritesEpoch() -> String? {
        "boot \(volatile.withLock { $0.boots })"
    }

    /// What a restart of the machine does: a new epoch and, after a crash or power loss (but not
    /// after a clean shutdown), every file created unsynced since the last `synchronize` left
    /// empty, as a file system whose metadata reached the disk before the data would, and every
    /// name `moveAll` took from a directory not synced since back in place.
    public func restart(losingUnsyncedWrites: Bool) {
        let (lost, movedAway) = volatile.withLock { volatile in
            volatile.boots += 1
            defer {
                volatile.unsynced.removeAll()
                volatile.movedAway.removeAll()
            }
            return (volatile.unsynced, volatile.movedAway)
        }
        guard losingUnsyncedWrites else { return }
        entries.withLock { entries in
            for path in lost where entries[path] != nil { entries[path] = .file(Data()) }
            for (path, data) in movedAway where entries[path] == nil && entries[parentPath(of: path)] != nil {
                entries[path] = .file(data)
            }
        }
    }

    public func remove(_ path: String) throws(FileSystemError) {
        let path = normalized(path)
        try entries.withLock { entries throws(FileSystemError) in
            try checkParents(of: path, in: entries)
            switch entries[path] {
            case nil: throw .notFound(path: path)
            case .file:
                entries[path] = nil
                synced(path)
            case .directory:
                let prefix = path == "/" ? "/" : path + "/"
                guard !entries.keys.contains(where: { $0 != path && $0.hasPrefix(prefix) }) else {
                    throw .directoryNotEmpty(path: path)
                }
                entries[path] = nil
            }
        }
    }

    public func exists(_ path: String) -> Bool {
        let path = normalized(path)
        return entries.withLock { entries in
            (try? checkParents(of: path, in: entries)) != nil && entries[path] != nil
        }
    }

    /// Files and folders only; no modification times (`modified` is `nil`).
    public func metadata(of path: String) throws(FileSystemError) -> FileMetadata {
        let path = normalized(path)
        return try entries.withLock { entries throws(FileSystemError) -> FileMetadata in
            try checkParents(of: path, in: entries)
            switch entries[path] {
            case nil: throw .notFound(path: path)
            case .file(let data): return FileMetadata(kind: .file, size: Int64(data.count), modified: nil)
            case .directory: return FileMetadata(kind: .directory, size: 0, modified: nil)
            }
        }
    }

    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        let path = normalized(path)
        return try entries.withLock { entries throws(FileSystemError) -> [String] in
            try checkParents(of: path, in: entries)
            switch entries[path] {
            case nil: throw .notFound(path: path)
            case .file: throw .notADirectory(path: path)
            case .directory:
                let prefix = path == "/" ? "/" : path + "/"
                return entries.keys.compactMap { key in
                    guard key.hasPrefix(prefix), key != path else { return nil }
                    let rest = key.dropFirst(prefix.count)
                    return rest.contains("/") ? nil : String(rest)
                }
            }
        }
    }

    public func createDirectory(_ path: String) throws(FileSystemError) {
        let path = normalized(path)
        try entries.withLock { entries throws(FileSystemError) in
            var current = ""
            for component in path.split(separator: "/") {
                current += "/" + component
                switch entries[current] {
                case .file: throw .notADirectory(path: current)
                case .directory: continue
                case nil: entries[current] = .directory
                }
            }
        }
    }

    /// `path` was made durable (or is gone): a restart no longer touches it.
    private func synced(_ path: String) {
        volatile.withLock { _ = $0.unsynced.remove(normalized(path)) }
    }

    /// The directory holding `path` was synced: the names taken from it are gone for good.
    private func directorySynced(of path: String) {
        let directory = parentPath(of: normalized(path))
        volatile.withLock { volatile in
            volatile.movedAway = volatile.movedAway.filter { parentPath(of: $0.key) != directory }
        }
    }

    private func store(_ path: String, _ contents: (Data?) -> Data) throws(FileSystemError) {
        let path = normalized(path)
        try entries.withLock { entries throws(FileSystemError) in
            try checkParentDirectory(of: path, in: entries)
            switch entries[path] {
            case .directory: throw .isADirectory(path: path)
            case .file(let existing): entries[path] = .file(contents(existing))
            case nil: entries[path] = .file(contents(nil))
            }
        }
    }

    /// A path whose parent is missing is "not found"; one whose parent is a file is "not a directory".
    private func checkParentDirectory(of path: String, in entries: [String: Entry]) throws(FileSystemError) {
        try checkParents(of: path, in: entries)
        let parent = parentPath(of: path)
        guard entries[parent] != nil else { throw .notFound(path: path) }
    }

    private func checkParents(of path: String, in entries: [String: Entry]) throws(FileSystemError) {
        var current = parentPath(of: path)
        while current != "/" {
            if case .file = entries[current] { throw .notADirectory(path: path) }
            current = parentPath(of: current)
        }
    }

    private func parentPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The path without `.` components, empty ones or a trailing slash, as POSIX resolves it.
    private func normalized(_ path: String) -> String {
        let components = path.split(separator: "/").filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }
}
