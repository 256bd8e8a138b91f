import Dispatch

/// The one thread the archive module starts itself, and its priority.
///
/// Exists so that a reader of the export and import paths meets no thread or priority, and so
/// that a port to another platform changes one file. The archive's side of an import runs
/// below the store's thread creating files, which on two cores is the critical path: reading,
/// checking, planning and encoding on the `BackgroundExecutor` the composition root gives the
/// importer, and inflating on a thread of its own at background quality of service, the
/// priority of the live executor (nice 10 on Linux). A thread of its own, because it blocks
/// while its reader is behind, where a job on the executor would hold one of its threads.
/// docs/performance.md ("Threads and priorities") has the measurements.
enum ArchiveThreads {
    /// The thread that inflates an archive ahead of its reader (`InflatingPrefetcher`).
    static func inflating() -> DispatchQueue {
        DispatchQueue(label: "InflatingPrefetcher", qos: .background)
    }
}
