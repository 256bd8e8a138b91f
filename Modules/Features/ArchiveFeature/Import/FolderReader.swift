import FileSystemInterface
import Foundation
import ImportFormatsFeature
import QuillModels

/// Reads a folder of Markdown files as an import's notes: an Obsidian vault, a Joplin or Hugo
/// export, or a folder `quill export --format dir` wrote.
///
/// Exists so that `quill import DIR` validates, plans and reports exactly like an archive
/// import. It walks the folder with `FolderWalk`, which passes over hidden names (`.obsidian/`,
/// `.trash/`, `.git/`, `.DS_Store`) silently. The files the notes embed or link to become
/// attachments (`VaultAttachments`); other files that are not Markdown are reported as skipped,
/// and symbolic links (which `tar` and `rsync -a` do not follow either) as not followed.
/// A file with Quill's front matter is that note, as it was; any other Markdown file becomes a
/// new note (`PlainMarkdown`), tagged with the path of its subfolder (`Recipes/Cakes/x.md`
/// gets the tag `recipes/cakes`, as Obsidian writes nested tags; spaces become `-`), its
/// dates missing from its front matter taken from the file's modification time. Its ID comes
/// from its `identity`, so that importing the folder again finds the notes the first import
/// made; the files are read in the order of those IDs, so that the notes' IDs increase in the
/// order they are created, which is the order a first push sends them (the server's indexes
/// keyed by note ID then take them at one end).
struct FolderReader {
    let files: any FileAccessing
    let limits: ArchiveLimits

    /// The folder's files, found before any is read: how many notes an import of it makes is
    /// known before the first.
    struct Listing {
        let root: String
        fileprivate var notes: [NoteFile], others: [String]
        fileprivate let special: [String]
        /// The plain text files (`.txt`) among the others.
        fileprivate let texts: [NoteFile]
        var noteCount: Int { notes.count }
        /// The Markdown files and the others (where another app's export shows itself).
        var markdownFiles: [String] { notes.map(\.relative) }
        var otherFiles: [String] { others }

        /// The listing of a folder of plain text notes (Notational Velocity, nvALT, a Simplenote or
        /// Apple Notes export as `.txt`): its text files are its notes. Only where no Markdown
        /// file is, as in a vault a `.txt` is a file a note refers to.
        func withTextFilesAsNotes() -> Listing {
            let paths = Set(texts.map(\.relative))
            var listing = self
            listing.notes = texts
            listing.others = others.filter { !paths.contains($0) }
            return listing
        }
    }


    func read(
        _ listing: Listing, progress: (ArchiveProgress) -> Void, receive: (ArchiveItem) async throws -> Void
    ) async throws -> ArchiveReadSummary {
        var summary = try await Self.read(listing.notes, others: FolderVaultFiles(root: listing.root, files: files, paths: listing.others),
                                          folderNamed: Self.name(of: listing.root), limits: limits, progress: progress, receive: receive) { note in
            [UInt8](try files.read(listing.root + "/" + note.relative))
        }
        summary.notices = listing.special.map { ImportReport.Notice(entry: $0, message: Self.specialNotice) } + summary.notices
        return summary
    }

    /// A zip of Markdown files (a vault zipped, Roam's or Bear's Markdown export) read as the
    /// folder it unpacks to: the same notes, with the same IDs, as importing that folder (its
    /// name is the zip's one top folder, else the zip's own name without `.zip`), their dates
    /// missing from their front matter taken from the zip's modification times.
    static func read(
        zip: ZipArchive, named name: String, limits: ArchiveLimits, progress: (ArchiveProgress) -> Void,
        receive: (ArchiveItem) async throws -> Void
    ) async throws -> ArchiveReadSummary {
        // Hidden files and folders, as a folder's walk passes them over (`.obsidian/`, a Mac's `__MACOSX/`).
        let visible = zip.entries.filter { !$0.path.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" } }
        let tops = Set(visible.map { $0.path.split(separator: "/", maxSplits: 1).count > 1 ? String($0.path.prefix { $0 != "/" }) : "" })
        let top = tops.count == 1 && tops.first != "" ? tops.first! + "/" : ""
        let folder = top.isEmpty ? String(Self.name(of: "/" + name).dropLast(name.lowercased().hasSuffix(".zip") ? 4 : 0)) : String(top.dropLast())
        var notes: [NoteFile] = [], others: [String] = []
        var entries: [String: ZipArchive.Entry] = [:]
        for entry in visible where entry.path.hasPrefix(top) {
            let relative = String(entry.path.dropFirst(top.count))
            entries[relative] = entry
            let name = String(relative.split(separator: "/").last ?? "")
            if ArchiveReader.isMarkdown(name[...]) {
                let folder = relative.split(separator: "/").dropLast().joined(separator: "/")
                notes.append(NoteFile(relative: relative, name: name, folder: folder, size: entry.size, modified: entry.modified))
            } else {
                others.append(relative)
            }
        }
        var summary = try await read(notes, others: ZipVaultFiles(zip: zip, entries: entries, paths: others), folderNamed: folder,
                                     limits: limits, progress: progress, receive: receive) { note in
            guard let entry = entries[note.relative] else { return [] }
            return try zip.bytes(of: entry)
        }
        summary.skippedEntries += zip.skipped
        return summary
    }

    /// The notes of a folder (or of what unpacks to one), each read by `bytes`, the files they
    /// refer to from `others`.
    private static func read(
        _ noteFiles: [NoteFile], others: some VaultFiles, folderNamed folder: String, limits: ArchiveLimits,
        progress: (ArchiveProgress) -> Void, receive: (ArchiveItem) async throws -> Void, bytes: (NoteFile) throws -> [UInt8]
    ) async throws -> ArchiveReadSummary {
        var summary = ArchiveReadSummary()
        var attachments = VaultAttachments(files: others, limits: limits)
        var notes = 0
        let ordered = noteFiles.map { file in
            (file: file, id: ImportedNoteID.of( Self.identity(of: file.relative, inFolderNamed: folder)))
        }.sorted { $0.id < $1.id }
        for (note, id) in ordered {
            guard note.size <= limits.maximumMarkdownEntryBytes else {
                throw ArchiveError.entryTooLarge(entry: note.relative, bytes: note.size, limit: limits.maximumMarkdownEntryBytes)
            }
            let bytes = try bytes(note)
            guard var item = try ArchiveItem.read(bytes[...], entry: note.relative, fileName: note.name, folder: note.folder,
                                                  modifiedSeconds: note.modified.map { Int64($0.timeIntervalSince1970) }) else {
                summary.notices.append(ImportReport.Notice(entry: note.relative, message: ArchiveItem.notTextNotice))
                continue
            }
            if case .plain(var plain) = item.incoming {
                plain.identityID = id
                item.incoming = .plain(plain)
            }
            try await receive(try await attachments.bringIn(item, folder: note.folder, receive: receive))
            notes += 1
            summary.uncompressedBytes += Int64(bytes.count)
            progress(ArchiveProgress(notesDone: notes, notesTotal: noteFiles.count, bytesDone: summary.uncompressedBytes))
        }
        summary.skippedEntries += others.paths.filter { !attachments.isKept($0) }
        return summary
    }

    /// A file's identity: the name of the folder imported and the file's path in it, composed
    /// (a vault copied from a file system that names files decomposed is the same vault). The
    /// same vault imported again, from wherever it now is, finds its notes; another folder of
    /// another name with the same file does not.
    static func identity(of relative: String, inFolderNamed folder: String) -> String {
        "folder:" + NoteValidation.composed(folder + "/" + relative)
    }

    /// The last name of an absolute path, `.` and `..` taken as they lead (`/a/b/..` is `a`).
    static func name(of path: String) -> String {
        var names: [Substring] = []
        for name in path.split(separator: "/") where name != "." {
            if name == ".." { _ = names.popLast() } else { names.append(name) }
        }
        return names.last.map(String.init) ?? ""
    }

    /// A Markdown file of the folder.
    fileprivate struct NoteFile {
        let relative: String, name: String, folder: String
        let size: Int64
        let modified: Date?
    }

    /// What the report says of a symbolic link, a FIFO or a device in the folder.
    static let specialNotice = "a symbolic link or another special file, not a regular one: not followed, skipped"

    /// Every Markdown file and every other file `FolderWalk` finds; symbolic links and other
    /// special files are listed apart.
    func list(_ root: String) throws -> Listing {
        var notes: [NoteFile] = []
        var others: [String] = []
        var special: [String] = []
        var texts: [NoteFile] = []
        for entry in try FolderWalk.entries(under: root, files: files) {
            switch entry.metadata.kind {
            case .directory:
                continue
            case .file where ArchiveReader.isMarkdown(entry.name[...]):
                notes.append(NoteFile(relative: entry.relative, name: entry.name, folder: entry.folder,
                                      size: entry.metadata.size, modified: entry.metadata.modified))
            case .file:
                others.append(entry.relative)
                if entry.name.lowercased().hasSuffix(".txt"), !entry.name.hasPrefix("._") {
                    texts.append(NoteFile(relative: entry.relative, name: entry.name, folder: entry.folder,
                                          size: entry.metadata.size, modified: entry.metadata.modified))
                }
            case .other:
                special.append(entry.relative)
            }
        }
        return Listing(root: root, notes: notes, others: others, special: special, texts: texts)
    }
}
