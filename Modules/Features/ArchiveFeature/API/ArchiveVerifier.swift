import ByteStreamInterface
import CompressionInterface
import NoteStoreInterface
import StandardInterfaces

/// Checks an archive completely (gzip, tar, notes, manifest) and says what an import would
/// do to this store, without writing anything: `quill verify`.
public struct ArchiveVerifier: Sendable {
    private let importer: ArchiveImporter

    public init(store: any NoteReading & NoteBulkCreating, decompression: any Decompressing, scratch: any ScratchStorage,
                ids: any NoteIDGenerating, clock: any WallClock) {
        importer = ArchiveImporter(store: store, writer: nil, attachments: nil, decompression: decompression, scratch: scratch, ids: ids,
                                   clock: clock, background: nil)
    }

    /// - Parameter plan: called with what an import would do to each note entry, in order.
    public func verify(_ source: any ByteSource, limits: ArchiveLimits = ArchiveLimits(),
                       progress: (ArchiveProgress) -> Void = { _ in },
                       plan: @escaping (ImportReport.Action) throws -> Void = { _ in }) async throws -> ImportReport {
        try await importer.importArchive(from: source, limits: limits, dryRun: true, progress: progress, plan: plan)
    }
}
