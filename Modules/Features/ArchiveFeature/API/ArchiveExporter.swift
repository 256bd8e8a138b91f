import Foundation
import StandardInterfaces
import ByteStreamInterface
import CompressionInterface
import Crypto
import NoteStoreInterface
import QuillModels

/// Writes the store's notes as a `.tar.gz` that outlives Quill: one Markdown file with front
/// matter per note (with `includesHistory`, each followed by its earlier revisions when it has
/// any), each followed by the attachments it is the first to refer to (`AttachmentEntry`,
/// streamed from the attachment store and checked against their hash on the way), then
/// `manifest.json` with a SHA-256 per file.
///
/// Notes are read, rendered and compressed one at a time and streamed to the sink; the IDs to
/// export come from the store a page at a time, and the manifest's per-note lines wait in
/// scratch storage. So memory does not grow with the size of the archive.
public struct ArchiveExporter: Sendable {
    private let store: any NoteReading
    /// Where `includesHistory` reads each note's revisions; `nil` where a store keeps none to
    /// export (the server's export).
    private let history: (any NoteHistoryReading)?
    /// Where the notes' attachments are read; `nil` where a store keeps none.
    private let attachments: (any ExportedAttachments)?
    private let compression: any Compressing
    private let scratch: any ScratchStorage

    public init(store: any NoteReading, history: (any NoteHistoryReading)?, attachments: (any ExportedAttachments)?,
                compression: any Compressing, scratch: any ScratchStorage) {
        self.store = store
        self.history = history
        self.attachments = attachments
        self.compression = compression
        self.scratch = scratch
    }

    /// An export of a device's store: its attachments read from its attachment store.
    public init(store: any NoteReading, history: (any NoteHistoryReading)?, attachments: any AttachmentStoring,
                compression: any Compressing, scratch: any ScratchStorage) {
        self.init(store: store, history: history, attachments: StoredExportedAttachments(attachments), compression: compression, scratch: scratch)
    }

    public func export(to sink: any ByteSink, options: ExportOptions = ExportOptions(),
                       progress: (ArchiveProgress) -> Void = { _ in }) async throws -> ExportSummary {
        let output = try CompressedOutput(sink: sink, compression: compression, level: options.level, mode: options.mode)
        do {
            let summary = try await write(to: output, options: options, progress: progress)
            try await output.finish()
            return ExportSummary(noteCount: summary.notes, uncompressedBytes: summary.bytes, compressedBytes: output.compressedBytes,
                                 attachmentCount: summary.attachments.written, missingAttachments: summary.attachments.missing)
        } catch {
            output.abandon()
            throw error
        }
    }

    private func write(to output: CompressedOutput, options: ExportOptions,
                       progress: (ArchiveProgress) -> Void) async throws -> (notes: Int, bytes: Int64, attachments: AttachmentWriter) {
        let query = NoteQuery(tag: options.tag)
        let (expected, modified) = try await survey(query)
        var total: Int64 = 0
        var tar: [UInt8] = []
        tar.reserveCapacity(64 * 1024)
        TarWriter.appendDirectory(ArchiveLayout.root, modified: modified, to: &tar)
        TarWriter.appendDirectory(ArchiveLayout.notesDirectory, modified: modified, to: &tar)
        if options.includesHistory { TarWriter.appendDirectory(ArchiveLayout.root + "/" + HistoryEntry.directoryName, modified: modified, to: &tar) }
        var manifest = try ManifestBuilder(scratch: scratch)
        var attachmentWriter = AttachmentWriter(store: attachments, modified: modified)
        try await forEachPage(query) { page in
            for id in page.ids {
                guard let note = try await store.note(id: id), !note.isDeleted else { continue }
                let content = FrontMatter.render(note)
                let path = ArchiveLayout.path(for: note)
                try manifest.add(path: path, content: content)
                TarWriter.appendFile(path, fallbackPath: ArchiveLayout.fallbackPath(for: note), content: content,
                                     modified: Int64(note.updated.timeIntervalSince1970), to: &tar)
                if options.includesHistory, let history {
                    let revisions = try await history.history(of: id)
                    if revisions.count > 1 {
                        let log = Array(RevisionRecord.log(of: revisions).utf8), path = HistoryEntry.path(for: id)
                        try manifest.addHistory(path: path, content: log)
                        TarWriter.appendFile(path, fallbackPath: path, content: log, modified: Int64(note.updated.timeIntervalSince1970), to: &tar)
                    }
                }
                total += Int64(tar.count)
                output.append(tar)
                tar.removeAll(keepingCapacity: true)
                try await output.flushIfFull()
                total += try await attachmentWriter.write(referencedBy: note, to: output, manifest: &manifest)
                progress(ArchiveProgress(notesDone: manifest.noteCount, notesTotal: max(expected, manifest.noteCount), bytesDone: total))
            }
        }
        TarWriter.appendFileHeader(ArchiveLayout.manifestPath, fallbackPath: ArchiveLayout.manifestPath,
                                   size: Int64(manifest.byteCount), modified: modified, to: &tar)
        total += Int64(tar.count)
        output.append(tar)
        tar.removeAll(keepingCapacity: true)
        try await manifest.write(sliceBytes: 256 << 10) { slice in
            output.append(slice)
            try await output.flushIfFull()
        }
        total += Int64(manifest.byteCount)
        TarWriter.appendPadding(afterContentOf: Int64(manifest.byteCount), to: &tar)
        TarWriter.appendEnd(to: &tar, totalBytesBefore: total + Int64(tar.count))
        total += Int64(tar.count)
        output.append(tar)
        return (manifest.noteCount, total, attachmentWriter)
    }

    /// How many notes there are to export and the newest update time (the directories' mtime),
    /// from a first walk over the catalog, before any entry is written.
    private func survey(_ query: NoteQuery) async throws -> (notes: Int, modified: Int64) {
        var notes = 0
        var newest: Date?
        try await forEachPage(query) { page in
            notes += page.ids.count
            if let update = page.newestUpdate, newest.map({ update > $0 }) ?? true { newest = update }
        }
        return (notes, newest.map { Int64($0.timeIntervalSince1970) } ?? 0)
    }

    /// Walks the catalog a page of IDs at a time (in ID order), so that memory stays bounded
    /// whatever the number of notes.
    private func forEachPage(_ query: NoteQuery, _ body: (NoteCatalog) async throws -> Void) async throws {
        var after: NoteID?
        repeat {
            let page = try await store.catalog(query, after: after, limit: Self.catalogPageSize)
            guard page.problems.isEmpty else { throw ArchiveError.unreadableStore(page.problems.map(\.description)) }
            try await body(page)
            after = page.resumeAfter
        } while after != nil
    }

    /// IDs per catalog page: a few MiB of memory, and few reads of the file store's index.
    private static let catalogPageSize = 65_536
}
