import Dispatch
import FileSystemInterface
import Synchronization

/// Makes a journaled bulk creation durable behind the reader that journaled it
/// (`BulkTransaction.recover(deferringDurability:)`), then finishes it, once the kernel has had
/// time to write the files back by itself.
///
/// The first command after an import is usually a read (a search, a list). It must not wait
/// for the disk to take 100,000 new files, and it is better off not making the disk take them
/// at all while it runs: a `syncfs` right away has the kernel's writeback threads busy on both
/// cores while the first search indexes (half a second of its three, measured in
/// docs/performance.md, "First search after an import"). The kernel writes the files back
/// within `FileNoteStore.kernelWritebackAge` anyway; after it, one `synchronize` has little left to do. So a
/// process that is still running then (`quill mcp`) makes them durable on a thread of its own,
/// outside Swift's cooperative pool (it blocks), and finishes the batch under the exclusive
/// lock if its token still names it. A process that ends first (a search) leaves the batch
/// journaled, and the next writer, which makes it durable before it writes, finishes it.
final class BulkDurability: Sendable {
    /// The batch last handed over, and the work on it.
    private let work = Mutex<(token: String, task: Task<Void, Never>)?>(nil)
    /// How long a reader leaves the disk to the kernel before it synchronizes.
    private let delay: Duration

    init(delay: Duration) {
        self.delay = delay
    }

    /// Starts making the files durable and finishing the batch journaled under `token`. A second
    /// call for the same batch adds nothing; a later batch (a long-lived process, such as
    /// `quill mcp`, reading after another import) gets work of its own.
    func finishInBackground(
        _ token: String, layout: StoreLayout, files: any FileAccessing, locks: any FileLocking
    ) {
        work.withLock { current in
            if current?.token == token { return }
            let task = Task.detached { [delay] in
                try? await Task.sleep(for: delay)
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
