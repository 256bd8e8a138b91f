import Dispatch
import StandardInterfaces
import Synchronization

/// A `BackgroundExecutor` whose threads run at the default priority, counting the jobs it is given.
///
/// Exists so that tests, which run many at once, do not slow the work they check behind each
/// other's (what runs on it is the same work, only not ranked below its neighbours), and can
/// tell whether work was handed to it at all.
public final class DefaultPriorityExecutor: BackgroundExecutor {
    private let queue = DispatchQueue(label: "DefaultPriorityExecutor", attributes: .concurrent)
    private let count = Mutex(0)

    public init() {}

    /// How many jobs (parts of tasks between suspensions) it has been given to run.
    public var jobsEnqueued: Int { count.withLock { $0 } }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        count.withLock { $0 += 1 }
        queue.async { job.runSynchronously(on: executor) }
    }
}
