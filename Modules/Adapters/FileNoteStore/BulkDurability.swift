import Dispatch
import FileSystemInterface
import Synchronization

/// Makes a journaled bulk creation durable behind the reader that journaled it
/// (`BulkTransaction.recover(deferringDurability:)`), then finishes it.
///
/// The first command after an import is usually a read (a search, a list), and waiting for
/// the disk to take 100,000 new files would keep both cores idle for a second or more before
/// it could start. Here one `synchronize` runs on a thread of its own, outside Swift's
/// cooperative pool (it blocks), while the reader goes on; then the batch is finished under
/// the exclusive lock if its token still names it. If the process ends first, the batch stays
/// journaled and the next writer, which makes it durable before it writes, finishes it.
final class BulkDurability: Sendable {
    /// The batch last handed over, and the work on it.
    private let work = Mutex<(token: String, task: Task<Void, Never>)?>(nil)

    init() {}

    /// Starts making the files durable and finishing the batch journaled under `token`. A second
    /// call for the same batch adds nothing; a later batch (a long-lived process, such as
    /// `quill mcp`, reading after another import) gets work of its own.
    func finishInBackground(
        _ token: String, layout: StoreLayout, files: any FileAccessing, locks: any FileLocking
    ) {
        work.withLock { current in
            if current?.token == token { return }
            let task = Task.detached {
                let synchronized = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                    DispatchQueue.global().async { done.resume(returning: (try? files.synchronize(layout.root)) != nil) }
                }
                guard synchronized else { return }
                _ = try? await locks.withLock(at: layout.lock, exclusive: true) {
                    try BulkTransaction(layout: layout, files: files).finish(journaled: token)
                }
            }
            current = (token, task)
        }
    }

    /// Waits for the work last started, if any: for tests, which must know whether it has run.
    func settle() async {
        await work.withLock { $0?.task }?.value
    }
}
