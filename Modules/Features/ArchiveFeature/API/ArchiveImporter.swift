import StandardInterfaces
import ByteStreamInterface
import ImportFormatsFeature
import CompressionInterface
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// Brings the notes of a `.tar.gz` into the store (a Quill archive, or a folder of plain
/// Markdown files packed by GNU tar), or those of another app's export (`ImportFormatsFeature`).
///
/// The archive streams through: each note is validated, planned and handed to the store's
/// `createInBulk` a chunk at a time, and the batch is committed only once the whole archive
/// (manifest included) has checked out. So an import either adds every note or (on any error)
/// leaves the store exactly as it was, and memory does not grow with the archive. Existing
/// notes are never overwritten: an identical one is left alone, a different one is kept next
/// to the incoming copy, which gets a new ID.
public struct ArchiveImporter: Sendable {
    private let store: any NoteReading & NoteBulkCreating
    /// Where the notes an import replaces are written (another app's notes changed since an
    /// earlier import); `nil` for an importer that only makes dry runs.
    private let writer: (any NoteWriting)?
    private let decompression: any Decompressing
    private let scratch: any ScratchStorage
    private let ids: any NoteIDGenerating
    private let clock: any WallClock
    /// Where the archive's attachments go; `nil` where the store keeps none.
    private let attachments: (any AttachmentStoring)?
    /// Where the reading side of an import runs (tar, checks, planning, encoding): below the
    /// store's thread creating files, which on two cores is the critical path. `nil` for an
    /// importer that only makes dry runs (`ArchiveVerifier`), which create nothing.
    private let background: (any BackgroundExecutor)?

    public init(store: any NoteReading & NoteBulkCreating & NoteWriting, attachments: (any AttachmentStoring)?, decompression: any Decompressing,
                scratch: any ScratchStorage, ids: any NoteIDGenerating, clock: any WallClock, background: any BackgroundExecutor) {
        self.init(store: store, writer: store, attachments: attachments, decompression: decompression, scratch: scratch, ids: ids, clock: clock,
                  background: .some(background))
    }

    /// With no `background` and no `writer`, an importer that only makes dry runs (`ArchiveVerifier`'s).
    init(store: any NoteReading & NoteBulkCreating, writer: (any NoteWriting)?, attachments: (any AttachmentStoring)?,
         decompression: any Decompressing, scratch: any ScratchStorage, ids: any NoteIDGenerating, clock: any WallClock,
         background: (any BackgroundExecutor)?) {
        self.attachments = attachments
        self.store = store
        self.writer = writer
        self.decompression = decompression
        self.scratch = scratch
        self.ids = ids
        self.clock = clock
        self.background = background
    }

    /// Imports a file, known by its content: a `.tar.gz` (a Quill archive, or Markdown files
    /// packed by tar), an Evernote export (`.enex`, read by `EvernoteReader`) or a zipped export
    /// (Google Keep's Takeout, read by `KeepReader`).
    /// - Parameters:
    ///   - name: the file's path, which names an Evernote export's notebook; `nil` for standard input.
    ///   - files: where a zip is read from, by `name` (a zip is read from its end, so not from a stream).
    ///   - plan: called with what happens to each note entry, in archive order, as it is decided
    ///     (before the archive has been checked to its end).
    public func importArchive(
        from source: any ByteSource, name: String? = nil, files: (any FileAccessing)? = nil, limits: ArchiveLimits = ArchiveLimits(),
        dryRun: Bool = false,
        progress: (ArchiveProgress) -> Void = { _ in }, plan: @escaping (ImportReport.Action) throws -> Void = { _ in }
    ) async throws -> ImportReport {
        let sniffed: SniffedSource
        do { sniffed = try SniffedSource(source) } catch { throw ArchiveError.stream(error) }
        if sniffed.format == .zip {
            let zipLimits = ZipArchive.Limits(
                maximumTotalBytes: limits.maximumUncompressedBytes, maximumEntryBytes: limits.maximumMarkdownEntryBytes,
                maximumRatio: limits.maximumRatio)
            let zip: ZipArchive
            if let name, let files {
                zip = try ZipArchive(path: name, files: files, decompression: decompression, limits: zipLimits)
            } else {
                // A zip is read from its end: one from a stream is held in memory, up to a bound.
                guard let bytes = try Self.readWhole(sniffed, upTo: Self.exportInMemoryBytes) else { throw ArchiveError.zipFromStream }
                zip = try ZipArchive(bytes: bytes, name: name ?? "standard input", decompression: decompression, limits: zipLimits)
            }
            if let format = ExportFormat.of(zip) {
                return try await importExport(zip, format: format, skipped: zip.skipped, limits: limits, dryRun: dryRun, progress: progress, plan: plan)
            }
            // Markdown files zipped (a vault, Roam's or Bear's Markdown export): read as their folder.
            if zip.entries.contains(where: { ArchiveReader.isMarkdown($0.path.split(separator: "/").last ?? "") }) {
                return try await run(dryRun: dryRun, ids: ids, plan: plan) { receive in
                    try await FolderReader.read(zip: zip, named: name ?? "standard input", limits: limits, progress: progress, receive: receive)
                }
            }
            // Zips inside the zip (Notion's parts): read as one export.
            guard !zip.entries.isEmpty, zip.entries.allSatisfy({ $0.path.lowercased().hasSuffix(".zip") }) else { throw ArchiveError.unknownExport }
            let parts = try zip.entries.map { entry in
                try ZipArchive(bytes: try zip.bytes(of: entry), name: entry.path, decompression: decompression, limits: zipLimits)
            }
            let combined = CombinedExportFiles(parts)
            guard let format = ExportFormat.of(combined) else { throw ArchiveError.unknownExport }
            return try await importExport(combined, format: format, skipped: zip.skipped + parts.flatMap(\.skipped), limits: limits, dryRun: dryRun,
                                          progress: progress, plan: plan)
        }
        if sniffed.format == .json || sniffed.format == .tiddlyWiki {
            // Read whole: a JSON export or a wiki is one document (bounded by the note limit's scale, 256 MiB).
            guard let bytes = try Self.readWhole(sniffed, upTo: Self.jsonBytes) else {
                throw ArchiveError.entryTooLarge(entry: name ?? "standard input", bytes: Int64(Self.jsonBytes) + 1, limit: Int64(Self.jsonBytes))
            }
            let export = SingleFileExport(name: name.map { String($0.split(separator: "/").last ?? "") } ?? "standard input", contents: bytes)
            guard let format = ExportFormat.of(export) else { throw ArchiveError.unknownFormat }
            return try await importExport(export, format: format, skipped: [], limits: limits, dryRun: dryRun, progress: progress, plan: plan)
        }
        if sniffed.format == .evernote {
            return try await run(dryRun: dryRun, ids: ids, plan: plan) { receive in
                try await readEvernote(sniffed, name: name, limits: limits, progress: progress, receive: receive)
            }
        }
        if case .otherCompression(let program) = sniffed.format { throw ArchiveError.otherCompression(program) }
        var source: any ByteSource = sniffed
        if let first = sniffed.firstTarEntryName, JoplinReader.mayStart(with: first, fileName: name) {
            // A Joplin JEX, read whole (its notes need its other items); a tar that is none is read as a plain archive.
            guard let bytes = try Self.readWhole(sniffed, upTo: Self.exportInMemoryBytes) else { throw ArchiveError.tarExportTooLarge }
            let export = try TarExport(bytes: bytes, limits: limits)
            if let format = ExportFormat.of(export) {
                return try await importExport(export, format: format, skipped: [], limits: limits, dryRun: dryRun, progress: progress, plan: plan)
            }
            source = export.source()
        }
        do {
            return try await run(dryRun: dryRun, ids: ids, plan: plan) { receive in
                try await ArchiveReader(decompression: decompression, scratch: scratch, limits: limits)
                    .read(source, compressed: sniffed.format != .tar, progress: progress, receive: receive)
            }
        } catch ArchiveError.compression(.notGzip, entry: nil) where sniffed.format == .unknown {
            // Not gzip, nor anything else an import reads: say so rather than "not gzip".
            throw ArchiveError.unknownFormat
        }
    }

    /// The largest JSON export read, and the largest zip read from a stream or Joplin export
    /// (held in memory: a zip is read from its end, a Joplin export's notes need its other items;
    /// a larger zip must come from a file, a larger Joplin export unpacked into a folder).
    static let jsonBytes = 256 << 20
    static let exportInMemoryBytes = 256 << 20

    /// All of `source`; `nil` if it holds more than `limit` bytes.
    private static func readWhole(_ source: SniffedSource, upTo limit: Int) throws -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in Result { () throws(ByteStreamError) in try source.read(into: buffer) } }
            let count: Int
            do { count = try result.get() } catch { throw ArchiveError.stream(error) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { return nil }
        }
    }

    /// Imports the notes of another app's export (unpacked or zipped), known by its files.
    private func importExport(
        _ export: some ExportFiles, format: ExportFormat, skipped: [String], limits: ArchiveLimits, dryRun: Bool,
        progress: (ArchiveProgress) -> Void, plan: @escaping (ImportReport.Action) throws -> Void
    ) async throws -> ImportReport {
        try await run(dryRun: dryRun, ids: ids, plan: plan) { receive in
            var items = ForeignItems(now: clock.now())
            var count = 0
            let passedOver = try await format.read(export, maximumAttachmentBytes: limits.maximumAttachmentBytes) { note in
                try await items.items(note, receive: receive)
                count += 1
                progress(ArchiveProgress(notesDone: count, notesTotal: nil, bytesDone: 0))
            }
            var summary = ArchiveReadSummary()
            summary.foreignFormat = format.name
            summary.skippedEntries = skipped
            summary.notices = passedOver.map { ImportReport.Notice(entry: $0.entry, message: $0.reason + "; passed over") }
            summary.resolvedLinkCount = items.resolvedLinkCount
            summary.unresolvedLinks = items.unresolvedLinks
            return summary
        }
    }

    private func readEvernote(
        _ source: SniffedSource, name: String?, limits: ArchiveLimits, progress: (ArchiveProgress) -> Void,
        receive: (ArchiveItem) async throws -> Void
    ) async throws -> ArchiveReadSummary {
        let file = name.map { String($0.split(separator: "/").last ?? "") } ?? "standard input"
        let notebook = name.map { _ in PlainMarkdown.stem(of: file) }.flatMap { $0.isEmpty ? nil : $0 }
        var items = ForeignItems(now: clock.now())
        try await readEvernote(source, file: file, notebook: notebook, limits: limits, items: &items, progress: progress, receive: receive)
        var summary = ArchiveReadSummary()
        summary.foreignFormat = "an Evernote export (ENEX)"
        summary.uncompressedBytes = source.bytesRead
        summary.resolvedLinkCount = items.resolvedLinkCount
        summary.unresolvedLinks = items.unresolvedLinks
        return summary
    }

    /// One Evernote export into `items` (which may hold the notes of others: links between
    /// notebooks resolve).
    private func readEvernote(
        _ source: SniffedSource, file: String, notebook: String?, limits: ArchiveLimits, items: inout ForeignItems,
        progress: (ArchiveProgress) -> Void, receive: (ArchiveItem) async throws -> Void
    ) async throws {
        var count = 0
        try await EvernoteReader(maximumAttachmentBytes: limits.maximumAttachmentBytes).read(source, file: file, notebook: notebook) { note in
            try await items.items(note, receive: receive)
            count += 1
            progress(ArchiveProgress(notesDone: count, notesTotal: nil, bytesDone: source.bytesRead))
        }
    }

    /// Imports a folder of Markdown files (see `FolderReader`), all or nothing like an archive;
    /// or an unpacked export of another app (Google Keep's Takeout, …), or, when it holds no
    /// Markdown, a folder of Evernote exports (one per notebook, subfolders as stacks).
    /// - Parameter plan: called with what happens to each Markdown file, in the order read.
    public func importFolder(
        at path: String, files: any FileAccessing, limits: ArchiveLimits = ArchiveLimits(), dryRun: Bool = false,
        progress: (ArchiveProgress) -> Void = { _ in }, plan: @escaping (ImportReport.Action) throws -> Void = { _ in }
    ) async throws -> ImportReport {
        let reader = FolderReader(files: files, limits: limits)
        var listing = try reader.list(path)
        let exports = listing.otherFiles.filter { $0.lowercased().hasSuffix(".enex") }
        if listing.noteCount == 0, !exports.isEmpty {
            return try await importEvernoteFolder(path, exports: exports, files: files, limits: limits, dryRun: dryRun, progress: progress, plan: plan)
        }
        if ExportFormat.mayBe(markdown: listing.markdownFiles, others: listing.otherFiles) {
            let folder = try ExportFolder(root: path, files: files)
            if let format = ExportFormat.of(folder) {
                return try await importExport(folder, format: format, skipped: [], limits: limits, dryRun: dryRun, progress: progress, plan: plan)
            }
        }
        if listing.noteCount == 0 { listing = listing.withTextFilesAsNotes() }
        guard listing.noteCount > 0 else { throw ArchiveError.noNotesInFolder(path) }
        return try await run(dryRun: dryRun, ids: ids, plan: plan) { receive in
            try await reader.read(listing, progress: progress, receive: receive)
        }
    }

    /// A folder of Evernote exports, each streamed; the notebook is a file's path without `.enex`
    /// (a subfolder is its stack), and links between notebooks resolve.
    private func importEvernoteFolder(
        _ path: String, exports: [String], files: any FileAccessing, limits: ArchiveLimits, dryRun: Bool,
        progress: (ArchiveProgress) -> Void, plan: @escaping (ImportReport.Action) throws -> Void
    ) async throws -> ImportReport {
        try await run(dryRun: dryRun, ids: ids, plan: plan) { receive in
            var items = ForeignItems(now: clock.now())
            var summary = ArchiveReadSummary()
            for export in exports {
                let source: SniffedSource
                do throws(ByteStreamError) { source = try SniffedSource(FileRangeSource(files: files, path: path + "/" + export)) } catch {
                    throw ArchiveError.stream(error)
                }
                guard source.format == .evernote else {
                    summary.skippedEntries.append(export)
                    continue
                }
                try await readEvernote(source, file: export, notebook: String(export.dropLast(5)), limits: limits, items: &items,
                                       progress: progress, receive: receive)
                summary.uncompressedBytes += source.bytesRead
            }
            summary.foreignFormat = "a folder of Evernote exports (ENEX)"
            summary.resolvedLinkCount = items.resolvedLinkCount
            summary.unresolvedLinks = items.unresolvedLinks
            return summary
        }
    }

    /// Reads with `read`, which hands each note to the function it is given, into the store
    /// (or, for a dry run, into nothing); the notes it creates get their IDs from `ids`.
    private func run(
        dryRun: Bool, ids noteIDs: any NoteIDGenerating, plan: @escaping (ImportReport.Action) throws -> Void,
        read: ((ArchiveItem) async throws -> Void) async throws -> ArchiveReadSummary
    ) async throws -> ImportReport {
        guard !dryRun, let background, let writer else {
            return try await run(target: DryRunImportTarget(store: store), ids: noteIDs, applied: false, executor: nil, plan: plan, read: read)
        }
        let importID = String(ids.next().rawValue.suffix(12))
        let origin = WriteOrigin(isLocal: true, revisionOrigin: .imported(importID))
        var replacements: [NoteWrite] = []
        var report = try await store.createInBulk(origin: origin) { bulk in
            try await withTaskExecutorPreference(background) {
                let target = StoreImportTarget(bulk: bulk, attachments: attachments)
                let report = try await run(target: target, ids: noteIDs, applied: true, executor: background, plan: plan, read: read)
                replacements = await target.replacements.writes
                return report
            }
        }
        // The notes another app changed since an earlier import, in one batch after the notes added.
        if !replacements.isEmpty { try await writer.apply(replacements, origin: origin) }
        report.importID = importID
        return report
    }

    private func run(
        target: any ImportTarget, ids noteIDs: any NoteIDGenerating, applied: Bool, executor: (any TaskExecutor)?,
        plan: @escaping (ImportReport.Action) throws -> Void, read: ((ArchiveItem) async throws -> Void) async throws -> ArchiveReadSummary
    ) async throws -> ImportReport {
        var planner = ImportPlanner(target: target, ids: noteIDs, now: clock.now(), applied: applied, executor: executor, plan: plan)
        let summary: ArchiveReadSummary
        do {
            summary = try await read { item in try await planner.plan(item) }
            try await planner.finish()
        } catch {
            await planner.abandon()
            throw error
        }
        var report = planner.report
        report.skippedEntries = summary.skippedEntries
        report.manifestVerified = summary.manifestVerified
        report.uncompressedBytes = summary.uncompressedBytes
        report.foreignFormat = summary.foreignFormat
        report.resolvedLinkCount = summary.resolvedLinkCount
        report.unresolvedLinks = summary.unresolvedLinks
        report.notices += summary.notices
        return report
    }
}
