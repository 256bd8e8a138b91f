import Dispatch

/// Runs the reading side of an import (tar, checks, planning, encoding) on threads of
/// background quality of service, which libdispatch runs at nice 10 on Linux, below the
/// thread creating files.
///
/// Exists because on two cores an import has four busy threads, and only one of them is the
/// critical path: the store creates files one at a time, at the pace of the file system, and
/// every moment it waits for a core the import is longer. Sharing the cores evenly made it
/// wait (utility, nice 2, was not enough to change that); behind a lower priority the reading
/// side still gets every cycle the creator leaves.
final class ReadingExecutor: TaskExecutor {
    private let queue = ArchiveThreads.reading()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
