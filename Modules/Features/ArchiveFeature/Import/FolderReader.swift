import FileSystemInterface
import Foundation
import QuillModels

/// Reads a folder of Markdown files as an import's notes: an Obsidian vault, a Joplin or Hugo
/// export, or a folder `quill export --format dir` wrote. It walks the folder through
/// `FileAccessing`, in name order, into every subfolder.
///
/// Exists so that `quill import DIR` validates, plans and reports exactly like an archive
/// import. Hidden names (`.obsidian/`, `.trash/`, `.git/`, `.DS_Store`) are passed over
/// silently. The files the notes embed or link to become attachments (`VaultAttachments`);
/// other files that are not Markdown, and symbolic links, are reported as skipped.
/// A file with Quill's front matter is that note, as it was; any other Markdown file becomes a
/// new note (`PlainMarkdown`), tagged with the path of its subfolder (`Recipes/Cakes/x.md`
/// gets the tag `recipes/cakes`, as Obsidian writes nested tags; spaces become `-`), its
/// dates missing from its front matter taken from the file's modification time.
struct FolderReader {
    let files: any FileAccessing
    let limits: ArchiveLimits

    /// The folder's files, found before any is read: how many notes an import of it makes is
    /// known before the first.
    struct Listing {
        let root: String
        fileprivate let notes: [NoteFile], others: [String], skipped: [String]
        var noteCount: Int { notes.count }
        /// The Markdown files and the others (where another app's export shows itself).
        var markdownFiles: [String] { notes.map(\.relative) }
        var otherFiles: [String] { others }
    }


    func read(
        _ listing: Listing, progress: (ArchiveProgress) -> Void, receive: (ArchiveItem) async throws -> Void
    ) async throws -> ArchiveReadSummary {
        let root = listing.root
        var summary = ArchiveReadSummary()
        summary.skippedEntries = listing.skipped
        var attachments = VaultAttachments(files: FolderVaultFiles(root: root, files: files, paths: listing.others), limits: limits)
        var notes = 0
        for note in listing.notes {
            guard note.size <= limits.maximumNoteEntryBytes else {
                throw ArchiveError.entryTooLarge(entry: note.relative, bytes: note.size, limit: limits.maximumNoteEntryBytes)
            }
            let bytes = [UInt8](try files.read(root + "/" + note.relative))
            let item = try item(bytes[...], entry: note.relative, name: note.name, folder: note.folder, modified: note.modified)
            try await receive(try await attachments.bringIn(item, folder: note.folder, receive: receive))
            notes += 1
            summary.uncompressedBytes += Int64(bytes.count)
            progress(ArchiveProgress(notesDone: notes, notesTotal: listing.noteCount, bytesDone: summary.uncompressedBytes))
        }
        summary.skippedEntries += listing.others.filter { !attachments.isKept($0) }
        return summary
    }

    /// A Markdown file of the folder.
    fileprivate struct NoteFile {
        let relative: String, name: String, folder: String
        let size: Int64
        let modified: Date?
    }

    /// Every Markdown file and every other file, in name order, into every subfolder; symbolic
    /// links and other oddities are listed as skipped.
    func list(_ root: String) throws -> Listing {
        var notes: [NoteFile] = []
        var others: [String] = []
        var skipped: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let names = try files.contents(ofDirectory: folder.isEmpty ? root : root + "/" + folder).sorted()
            var subfolders: [String] = []
            for name in names where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let metadata = try files.metadata(of: root + "/" + relative)
                switch metadata.kind {
                case .directory:
                    subfolders.append(relative)
                case .file where ArchiveReader.isMarkdown(name[...]):
                    notes.append(NoteFile(relative: relative, name: name, folder: folder, size: metadata.size, modified: metadata.modified))
                case .file:
                    others.append(relative)
                case .other:
                    skipped.append(relative)
                }
            }
            folders.append(contentsOf: subfolders.reversed())
        }
        return Listing(root: root, notes: notes, others: others, skipped: skipped)
    }

    private func item(_ bytes: ArraySlice<UInt8>, entry: String, name: String, folder: String, modified: Date?) throws(ArchiveError) -> ArchiveItem {
        switch try FrontMatter.parse(bytes, entry: entry) {
        case .note(let note):
            return ArchiveItem(entry: entry, incoming: .note(note))
        case .plain(let text):
            var item = try PlainMarkdown.item(text: text, entry: entry, fileName: name,
                                              modifiedSeconds: modified.map { Int64($0.timeIntervalSince1970) })
            guard !folder.isEmpty, case .plain(var plain) = item.incoming else { return item }
            let tagText = String(folder.lowercased().map { $0.isWhitespace || $0 == "," ? "-" : $0 })
            if let tag = try? Tag(tagText), plain.tags.count < NoteLimits.maximumTags || plain.tags.contains(tag) {
                plain.tags = Array(Set(plain.tags + [tag])).sorted()
                item.incoming = .plain(plain)
            } else {
                item.notices.append("the folder '\(folder)' cannot be a tag; not tagged")
            }
            return item
        }
    }
}
