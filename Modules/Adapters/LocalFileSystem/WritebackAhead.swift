import Dispatch
import FileSystemInterface
import Synchronization

/// Sets the disk to work on a durable batch's first files while the rest are still being
/// created, so that the `syncfs` that makes the batch durable waits only for its last files.
///
/// A batch of a thousand new files (a page of a first pull) otherwise reaches the disk all at
/// once, in the final `syncfs`, with the thread that created them waiting and a core idle. Every
/// `filesPerStart` files, `created(count:)` runs a `syncfs` on a thread outside Swift's cooperative
/// pool (it blocks), one at a time: a start while one runs is skipped. It promises nothing: the
/// batch's own `syncfs`, after `writing` returns, is what makes it durable.
final class WritebackAhead: Sendable {
    /// How many files are created between two starts.
    static let filesPerStart = 250

    private let path: String
    private let running = Atomic<Bool>(false)
    private let done = DispatchGroup()

    /// `path`: any file or directory on the file system the batch is written to.
    private init(onFileSystemOf path: String) {
        self.path = path
    }

    /// Runs `body`, which creates a batch's files and reports each to `created(count:)`, and
    /// returns once the last `syncfs` it started has ended, whether `body` throws or not.
    static func writing<T>(onFileSystemOf path: String, _ body: (WritebackAhead) throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        let ahead = WritebackAhead(onFileSystemOf: path)
        defer { ahead.done.wait() }
        return try body(ahead)
    }

    /// Called after each file created: every `filesPerStart`-th starts a `syncfs` unless one runs.
    func created(count: Int) {
        guard count % Self.filesPerStart == 0,
              running.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return }
        done.enter()
        DispatchQueue.global().async { [self] in
            _ = try? LocalFileAccessor().synchronize(path)
            running.store(false, ordering: .releasing)
            done.leave()
        }
    }
}
