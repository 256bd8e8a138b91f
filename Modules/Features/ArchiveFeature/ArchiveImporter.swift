import ByteStreamInterface
import CompressionInterface
import NoteStoreInterface
import QuillModels
import SystemInterface

/// Brings the notes of a `.tar.gz` into the store: a Quill archive, or a folder of plain
/// Markdown files packed by GNU tar.
///
/// Nothing is written until the whole archive has been read and validated; then every
/// write goes to the store in one all-or-nothing `apply`, so an import either adds every
/// note or (on any error) leaves the store exactly as it was. Existing notes are never
/// overwritten: an identical one is left alone, a different one is kept next to the
/// incoming copy, which gets a new ID.
public struct ArchiveImporter: Sendable {
    private let store: any NoteStore
    private let decompression: any Decompressing
    private let ids: any NoteIDGenerating
    private let clock: any WallClock

    public init(store: any NoteStore, decompression: any Decompressing, ids: any NoteIDGenerating, clock: any WallClock) {
        self.store = store
        self.decompression = decompression
        self.ids = ids
        self.clock = clock
    }

    public func importArchive(
        from source: any ByteSource, limits: ArchiveLimits = ArchiveLimits(), dryRun: Bool = false,
        progress: (ArchiveProgress) -> Void = { _ in }
    ) async throws -> ImportReport {
        let contents = try ArchiveReader(decompression: decompression, limits: limits).read(source, progress: progress)
        let plan = try await ImportPlanner(store: store, ids: ids, clock: clock).plan(contents)
        if !dryRun, !plan.writes.isEmpty {
            try await store.apply(plan.writes, origin: .local)
        }
        return ImportReport(actions: plan.actions, skippedEntries: contents.skippedEntries,
                            manifestVerified: contents.manifestVerified, uncompressedBytes: contents.uncompressedBytes,
                            applied: !dryRun)
    }
}
