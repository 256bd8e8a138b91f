import Dispatch
import StandardInterfaces

/// A `BackgroundExecutor` whose threads run at the default priority.
///
/// Exists so that tests, which run many at once, do not slow the work they check behind each
/// other's: what runs on it is the same work, only not ranked below its neighbours.
public final class DefaultPriorityExecutor: BackgroundExecutor {
    private let queue = DispatchQueue(label: "DefaultPriorityExecutor", attributes: .concurrent)

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
