import Dispatch
import SQLiteKit
import Synchronization

/// Copies the WAL's pages back into the database file on a thread of its own, so that a write's
/// request does not wait for it.
///
/// Exists because SQLite's automatic checkpoint runs inside the commit that crosses its
/// threshold: the request whose transaction commits then also copies megabytes of earlier
/// transactions' pages and waits for two `fsync`s. Here the writing connection asks for a
/// checkpoint after each write (`wake`), and a connection of its own runs a passive one, which
/// never blocks the writer or a reader. The writer keeps an automatic checkpoint at a higher
/// threshold as the backstop: the WAL starts over from its beginning only when a write begins
/// with all of it copied, which back-to-back writes rarely leave this thread time to do, and
/// which the writer's own checkpoint, run between two of its transactions, does. A checkpoint
/// that fails here (a full disk, say) leaves the pages in the WAL, where every read finds them,
/// and the next write asks again.
final class SQLiteCheckpointer: Sendable {
    private let connection: Mutex<SQLiteConnection>
    private let queue = DispatchQueue(label: "quill.sqlite.checkpoint")
    /// Whether a checkpoint is asked for and not yet begun.
    private let asked = Atomic<Bool>(false)

    init(_ connection: consuming sending SQLiteConnection) {
        self.connection = Mutex(connection)
    }

    /// Asks for a checkpoint; one already asked for and not begun covers this one too.
    func wake() {
        guard !asked.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [self] in
            asked.store(false, ordering: .releasing)
            connection.withLock { try? $0.execute("PRAGMA wal_checkpoint(PASSIVE)") }
        }
    }

    /// Waits for a checkpoint under way and closes the connection.
    func close() {
        queue.sync {}
        connection.withLock { $0.close() }
    }
}
