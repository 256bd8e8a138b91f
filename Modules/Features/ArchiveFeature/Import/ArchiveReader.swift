import ByteStreamInterface
import CompressionInterface
import Crypto
import QuillModels

/// Reads an archive strictly, entry by entry, handing on each note as soon as it is validated
/// and checking the manifest at the end: gzip integrity, tar structure, every note, and the
/// manifest's hashes.
///
/// A plain archive (an archived vault, no manifest) brings in the files its notes embed or link
/// to, as a folder import does: its other files are kept aside in scratch files as they stream
/// by (`SpooledVaultFiles`), and the notes that refer to files wait (`DeferredNotes`) until the
/// end, when the file each reference means is known (`VaultAttachments`).
///
/// Exists so that import and verify share one strict reading that never holds the archive in
/// memory: what it keeps per note (path, size, SHA-256) goes to scratch storage
/// (`SpilledEntries`), and the manifest is checked as it streams by. Because the last check
/// comes after every note, the receiver must be able to undo what it did with them.
struct ArchiveReader {
    let decompression: any Decompressing
    let scratch: any ScratchStorage
    let limits: ArchiveLimits

    /// - Parameter compressed: whether the tar is gzipped (a `.tar.gz`), or as `tar -cf` wrote it.
    func read(
        _ source: any ByteSource, compressed: Bool = true, progress: (ArchiveProgress) -> Void,
        receive: (ArchiveItem) async throws -> Void
    ) async throws -> ArchiveReadSummary {
        let decompressor: any Decompressor
        if compressed {
            do { decompressor = try decompression.makeDecompressor(limits: limits.decompression) } catch {
                throw ArchiveError.compression(error, entry: nil)
            }
        } else {
            decompressor = UncompressedTarInput(limits: limits.decompression)
        }
        let input = DecompressingReader(source: source, decompressor: decompressor)
        var tar = TarReader(input: input, limits: limits)
        var summary = ArchiveReadSummary()
        var before = try SpilledEntries(scratch: scratch)
        var manifest: ManifestCheck?
        var notes = 0
        var firstPlainEntry: String?
        // An archived vault: its other files, and the notes that refer to them, wait for the end.
        var vaultFiles = SpooledVaultFiles(scratch: scratch)
        var waiting = DeferredNotes(scratch: scratch)
        // The folder the archive was made of (`tar -czf vault.tar.gz vault`), known from its first entry.
        var root: String?
        while let entry = try tar.next() {
            if root == nil { root = Self.root(fromFirst: entry) }
            guard entry.kind == .file else { continue }
            let name = entry.name
            if name == ArchiveLayout.manifestName, entry.isAtMostOneFolderDeep {
                guard manifest == nil else { throw ArchiveError.duplicateEntry(entry: entry.path) }
                var check = ManifestCheck(entry: entry.path)
                try tar.withContent(of: entry, limit: limits.maximumManifestBytes) { nextPiece in
                    try check.read(nextPiece: nextPiece, before: before)
                }
                manifest = check
                continue
            }
            if let id = HistoryEntry.noteID(ofEntry: entry.path) {
                let bytes = try tar.readContent(of: entry, limit: limits.maximumHistoryEntryBytes)
                summary.historyEntries.append(EntryRecord(path: entry.path, size: Int64(bytes.count),
                                                          sha256: SHA256.hash(data: bytes).withUnsafeBytes { Array($0) }))
                try await receive(ArchiveItem(entry: entry.path, incoming: .history(id, try HistoryEntry.records(bytes, entry: entry.path))))
                continue
            }
            if let (hash, _) = AttachmentEntry.parse(entry.path) {
                let bytes = try tar.readContent(of: entry, limit: limits.maximumAttachmentBytes)
                let digest = SHA256.hash(data: bytes).withUnsafeBytes { Array($0) }
                guard AttachmentHash(digest: digest) == hash else { throw ArchiveError.attachmentMismatch(entry: entry.path) }
                summary.attachmentEntries.append(EntryRecord(path: entry.path, size: Int64(bytes.count), sha256: digest))
                try await receive(ArchiveItem(entry: entry.path, incoming: .attachment(hash, bytes: bytes)))
                continue
            }
            guard Self.isMarkdown(name) else {
                if entry.size <= limits.maximumAttachmentBytes {
                    try tar.withContent(of: entry, limit: limits.maximumAttachmentBytes) { nextPiece in
                        try vaultFiles.keep(entry.path, nextPiece: nextPiece)
                    }
                } else {
                    summary.skippedEntries.append(entry.path)
                }
                continue
            }
            let bytes = try tar.readContent(of: entry, limit: limits.maximumMarkdownEntryBytes)
            let record = EntryRecord(path: entry.path, size: Int64(bytes.count), sha256: SHA256.hash(data: bytes).withUnsafeBytes { Array($0) })
            if manifest == nil { try before.append(record) } else { try manifest?.noteArrived(record) }
            guard let item = try Self.item(path: entry.path, root: root ?? "", modified: entry.modified, bytes: bytes) else {
                if firstPlainEntry == nil { firstPlainEntry = entry.path }
                summary.notices.append(ImportReport.Notice(entry: entry.path, message: ArchiveItem.notTextNotice))
                continue
            }
            notes += 1
            if case .plain(let plain) = item.incoming {
                if firstPlainEntry == nil { firstPlainEntry = entry.path }
                if Self.refersToFiles(plain.body) {
                    try waiting.append(DeferredNotes.Note(path: entry.path, modified: entry.modified, bytes: Array(bytes)))
                    continue
                }
            }
            try await receive(item)
            progress(ArchiveProgress(notesDone: notes, notesTotal: nil, bytesDone: input.offset))
        }
        if manifest == nil {
            var attachments = VaultAttachments(files: vaultFiles, limits: limits)
            try await waiting.forEach { note in
                guard let item = try Self.item(path: note.path, root: root ?? "", modified: note.modified, bytes: note.bytes[...]) else { return }
                try await receive(try await attachments.bringIn(item, folder: Self.folder(of: note.path), receive: receive))
                progress(ArchiveProgress(notesDone: notes, notesTotal: nil, bytesDone: input.offset))
            }
            summary.skippedEntries += vaultFiles.paths.filter { !attachments.isKept($0) }
        } else {
            summary.skippedEntries += vaultFiles.paths
        }
        summary.uncompressedBytes = input.offset
        if let manifest {
            try manifest.verify(history: summary.historyEntries, attachments: summary.attachmentEntries)
            if let firstPlainEntry {
                throw ArchiveError.invalidNote(entry: firstPlainEntry, reason: "a Quill archive (with a manifest) must have front matter in every note")
            }
            summary.manifestVerified = true
        }
        return summary
    }

    static func isMarkdown(_ name: Substring) -> Bool {
        (hasSuffixIgnoringASCIICase(name, ".md") || hasSuffixIgnoringASCIICase(name, ".markdown")) && !name.hasPrefix("._")
    }

    private static func hasSuffixIgnoringASCIICase(_ name: Substring, _ suffix: String) -> Bool {
        name.utf8.count >= suffix.utf8.count
            && zip(name.utf8.suffix(suffix.utf8.count), suffix.utf8).allSatisfy { byte, lower in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == lower : byte == lower
            }
    }

    /// The entry's item; `nil` for a file that is no text. A plain file's tag is its folder below
    /// the folder the archive was made of (`root`).
    private static func item(path: String, root: String, modified: Int64?, bytes: ArraySlice<UInt8>) throws(ArchiveError) -> ArchiveItem? {
        let inRoot = root.isEmpty || !path.hasPrefix(root + "/") ? path : String(path.dropFirst(root.count + 1))
        return try ArchiveItem.read(bytes, entry: path, fileName: path.split(separator: "/").last.map(String.init) ?? path,
                                    folder: folder(of: inRoot), modifiedSeconds: modified)
    }

    /// The folder an archive was made of, from its first entry: a folder at the top
    /// (`vault/`), or the top folder of a file (`vault/Top.md`, when tar wrote no folder
    /// entries); `""` when the first entry is at the top (`tar -C vault .`, or files named one
    /// by one). Its notes' subfolders below it become their tags, as a folder import's do.
    private static func root(fromFirst entry: TarEntry) -> String {
        let components = entry.path.split(separator: "/", omittingEmptySubsequences: true)
        switch entry.kind {
        case .directory: return components.count == 1 ? String(components[0]) : ""
        case .file: return components.count > 1 ? String(components[0]) : ""
        }
    }

    /// Whether a plain note refers to a file that is not a note (`![[photo.png]]`,
    /// `[report](files/report.pdf)`): it waits until every file of the archive is known.
    private static func refersToFiles(_ body: String) -> Bool {
        VaultEmbed.scan(body).contains { $0.target.contains(".") && !isMarkdown($0.target[...]) }
    }

    /// The folder of an entry's path, `""` at the top.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
