import Dispatch

/// The one place the archive module starts threads and chooses their priorities.
///
/// Exists so that a reader of the export and import paths meets no thread or priority, and so
/// that a port to another platform changes one file. The archive's side of an import
/// (inflating, reading, planning, encoding) runs at background quality of service, which
/// libdispatch runs at nice 10 on Linux, below the store's thread creating files: on two
/// cores only that thread is the critical path, and every moment it waits for a core the
/// import is longer (utility, nice 2, was not enough). docs/performance.md ("Threads and
/// priorities") has the measurements.
enum ArchiveThreads {
    /// The priority of the archive's side of an import.
    static let readingSide = DispatchQoS.background

    /// The thread that inflates an archive ahead of its reader (`InflatingPrefetcher`).
    static func inflating() -> DispatchQueue {
        DispatchQueue(label: "InflatingPrefetcher", qos: readingSide)
    }

    /// The threads that read, check and plan an import's notes (`ReadingExecutor`).
    static func reading() -> DispatchQueue {
        DispatchQueue(label: "ArchiveImporter.reading", qos: readingSide, attributes: .concurrent)
    }
}
