import Dispatch
import StandardInterfaces

/// The live `BackgroundExecutor`: a concurrent dispatch queue of background quality of service,
/// which libdispatch runs at nice 10 on Linux.
///
/// Utility (nice 2) was not enough for the critical thread to stop waiting for a core
/// (docs/performance.md, "Threads and priorities"). With the kernel's autogroups (on by default)
/// nice ranks threads only within the session, so the work does not yield to unrelated work
/// elsewhere. On Darwin, background would also throttle reads and prefer efficiency cores: a
/// port there should measure utility instead.
public final class DispatchBackgroundExecutor: BackgroundExecutor {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .background, attributes: .concurrent)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
