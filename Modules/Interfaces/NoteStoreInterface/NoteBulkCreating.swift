/// Adds a batch of new notes too large to hold in memory, all-or-nothing: an archive import.
///
/// Exists apart from `NoteWriting` because only an import needs it, and because a store
/// makes it fast in its own way (the file store writes each note once, behind an undo log).
public protocol NoteBulkCreating: Sendable {
    /// Adds a batch of new notes that need not fit in memory, all-or-nothing: `fill` adds them
    /// chunk by chunk through the `BulkCreation` it is given; they all become visible when
    /// `fill` returns, and none of them if it throws (or the process dies first). Other
    /// writers wait meanwhile. The bulk object must not be used after `fill` returns.
    func createInBulk<T: Sendable>(
        origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T
    ) async throws -> T
}
