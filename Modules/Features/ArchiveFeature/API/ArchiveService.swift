import StandardInterfaces
import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// Everything a person asks of archives (export, import, verify; as a `.tar.gz` or a folder
/// of Markdown files), over the dependencies a composition root wires.
///
/// Exists so that the archive commands only call a service, as the notes commands call
/// `NoteService`: which exporter or importer runs, over which store, compression and scratch
/// storage, is decided here. A file system error met on the way is reported as
/// `ArchiveError.files`, since it concerns the files an archive is read from or written to.
public struct ArchiveService: Sendable {
    private let store: any NoteReading & NoteBulkCreating & NoteWriting & NoteHistoryReading
    /// Where attachments are read for an export and kept by an import.
    private let attachments: any AttachmentStoring
    private let compression: any Compressing
    private let decompression: any Decompressing
    private let scratch: any ScratchStorage
    private let ids: any NoteIDGenerating
    private let clock: any WallClock
    /// The folders a person names (`import DIR`, `export --format dir DIR`).
    private let files: any FileAccessing
    /// Where an import's reading side runs (`ArchiveImporter`).
    private let background: any BackgroundExecutor

    public init(store: any NoteReading & NoteBulkCreating & NoteWriting & NoteHistoryReading, attachments: any AttachmentStoring,
                compression: any Compressing, decompression: any Decompressing,
                scratch: any ScratchStorage, ids: any NoteIDGenerating, clock: any WallClock, files: any FileAccessing,
                background: any BackgroundExecutor) {
        self.store = store
        self.attachments = attachments
        self.compression = compression
        self.decompression = decompression
        self.scratch = scratch
        self.ids = ids
        self.clock = clock
        self.files = files
        self.background = background
    }

    /// Writes the notes as a `.tar.gz` to `sink` (see `ArchiveExporter`).
    public func export(to sink: any ByteSink, options: ExportOptions,
                       progress: (ArchiveProgress) -> Void) async throws -> ExportSummary {
        try await reportingFiles {
            try await ArchiveExporter(store: store, history: store, attachments: attachments, compression: compression, scratch: scratch)
                .export(to: sink, options: options, progress: progress)
        }
    }

    /// Writes the notes as a folder of Markdown files (see `FolderExporter`); returns how many.
    public func exportFolder(to path: String, tag: Tag?, intoNonEmptyFolder: Bool,
                             progress: (ArchiveProgress) -> Void) async throws -> Int {
        try await reportingFiles {
            try await FolderExporter(store: store, attachments: attachments, files: files)
                .export(to: path, tag: tag, intoNonEmptyFolder: intoNonEmptyFolder, progress: progress)
        }
    }

    /// Adds the notes of an archive or another app's export, all or none (see `ArchiveImporter`);
    /// with `dryRun`, only says what it would do. `name` is the file's (`nil` for standard input).
    public func importArchive(from source: any ByteSource, name: String?, limits: ArchiveLimits, dryRun: Bool,
                              progress: (ArchiveProgress) -> Void,
                              plan: @escaping (ImportReport.Action) throws -> Void) async throws -> ImportReport {
        try await reportingFiles {
            try await importer.importArchive(from: source, name: name, files: files, limits: limits, dryRun: dryRun, progress: progress, plan: plan)
        }
    }

    /// Adds the notes of a folder of Markdown files, all or none; with `dryRun`, only says what it would do.
    public func importFolder(at path: String, limits: ArchiveLimits, dryRun: Bool,
                             progress: (ArchiveProgress) -> Void,
                             plan: @escaping (ImportReport.Action) throws -> Void) async throws -> ImportReport {
        try await reportingFiles {
            try await importer.importFolder(at: path, files: files, limits: limits, dryRun: dryRun, progress: progress, plan: plan)
        }
    }

    /// Checks an archive completely and says what an import would do (see `ArchiveVerifier`).
    public func verify(_ source: any ByteSource, limits: ArchiveLimits,
                       plan: @escaping (ImportReport.Action) throws -> Void) async throws -> ImportReport {
        try await reportingFiles {
            try await ArchiveVerifier(store: store, decompression: decompression, scratch: scratch, ids: ids, clock: clock)
                .verify(source, limits: limits, plan: plan)
        }
    }

    private var importer: ArchiveImporter {
        ArchiveImporter(store: store, attachments: attachments, decompression: decompression, scratch: scratch, ids: ids, clock: clock,
                        background: background)
    }

    private func reportingFiles<T>(_ work: () async throws -> T) async throws -> T {
        do { return try await work() } catch let error as FileSystemError { throw ArchiveError.files(error) }
    }
}
