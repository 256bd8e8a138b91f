import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import ImportFormatsFeature
import QuillModels

/// Everything that can be wrong with an archive, each naming the entry concerned.
///
/// Exists so that a user holding a damaged or hostile archive learns exactly what and
/// where the problem is, and so that tests can tell the cases apart.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The gzip layer failed; `entry` is the tar entry being read at the time, if any.
    case compression(CompressionError, entry: String?)
    /// The tar stream ended before its end-of-archive marker.
    case truncated(entry: String?)
    case malformedHeader(offset: Int64, after: String?, reason: String)
    case unsafePath(entry: String, reason: String)
    case unsupportedEntryType(entry: String, type: String)
    case entryTooLarge(entry: String, bytes: Int64, limit: Int64)
    case invalidUTF8(entry: String, part: String)
    case invalidNote(entry: String, reason: String)
    case duplicateEntry(entry: String)
    case manifest(entry: String, reason: String)
    /// The store could not be read completely, so an export would silently miss notes.
    case unreadableStore([String])
    case stream(ByteStreamError)
    /// `export --format dir` into a folder that already holds files, without being told to.
    case folderNotEmpty(path: String)
    /// A file or folder the archive work reads or writes could not be used (reported by
    /// `ArchiveService`, so that the user learns which path, not where notes are kept).
    case files(FileSystemError)
    /// An attachment's stored bytes no longer match their SHA-256: the export stops rather than
    /// carry them.
    case damagedAttachment(String)
    /// An attachment entry whose bytes do not match the SHA-256 its path names.
    case attachmentMismatch(entry: String)
    /// The file is none of the formats an import reads (told by its first bytes).
    case unknownFormat
    /// A tar compressed by another program than gzip (bzip2, xz, zstd), named.
    case otherCompression(String)
    /// A zip, but not the export of an app an import reads.
    case unknownExport
    /// A zip larger than a stream's bound came on standard input (or an upload): it is read
    /// from its end, so a large one only from a file.
    case zipFromStream
    /// A Joplin export (JEX) larger than what an import holds in memory: its folder imports.
    case tarExportTooLarge
    /// A folder with no note in it: no Markdown or text file, nor an export an import reads.
    case noNotesInFolder(String)

    public var description: String {
        switch self {
        case .compression(let error, let entry): "\(error)" + Self.inEntry(entry)
        case .truncated(let entry): "the archive is truncated (the tar data ends early)" + Self.inEntry(entry)
        case .malformedHeader(let offset, let after, let reason):
            "malformed tar header at byte \(offset)" + (after.map { " (after entry '\($0)')" } ?? "") + ": \(reason)"
        case .unsafePath(let entry, let reason): "entry '\(entry)': unsafe path (\(reason))"
        case .unsupportedEntryType(let entry, let type): "entry '\(entry)': \(type) entries are not allowed"
        case .entryTooLarge(let entry, let bytes, let limit): "entry '\(entry)' is \(bytes) bytes; the limit is \(limit) bytes"
        case .invalidUTF8(let entry, let part): "entry '\(entry)': the \(part) is not valid UTF-8"
        case .invalidNote(let entry, let reason): "entry '\(entry)': invalid note: \(reason)"
        case .duplicateEntry(let entry): "entry '\(entry)' appears twice in the archive"
        case .manifest(let entry, let reason): "entry '\(entry)': \(reason)"
        case .unreadableStore(let problems): "some notes cannot be read, so the export would be incomplete: " + problems.joined(separator: "; ")
        case .stream(let error): error.description
        case .folderNotEmpty(let path): "the folder \(path) is not empty"
        case .files(let error): error.description
        case .damagedAttachment(let hash): "attachment \(hash) is damaged on this device: its bytes do not match their SHA-256"
        case .attachmentMismatch(let entry): "entry '\(entry)': the attachment's bytes do not match the SHA-256 in its path"
        case .unknownExport: "a zip, but not an export quill import reads (" + ExportFormat.allCases.map(\.name).joined(separator: ", ") + ", or Markdown files)"
        case .zipFromStream: "a zip larger than \(ArchiveImporter.exportInMemoryBytes >> 20) MiB is read from its end, so only from a file: save it to one and import that file"
        case .noNotesInFolder(let path):
            "\(path) holds no notes: no Markdown (.md) or text (.txt) file, nor an export quill import reads (Evernote's .enex files, "
                + ExportFormat.allCases.map(\.name).joined(separator: ", ") + ")"
        case .tarExportTooLarge:
            "a Joplin export (JEX) larger than \(ArchiveImporter.exportInMemoryBytes >> 20) MiB is read whole: unpack it into a folder (tar -xf FILE -C FOLDER) and import the folder"
        case .otherCompression(let program):
            "a tar compressed with \(program), which quill import does not read: recompress it with gzip, "
                + "e.g. '\(program) -dc FILE | gzip | quill import -', or import the folder it unpacks to"
        case .unknownFormat:
            "not a format quill import reads (a .tar.gz or .tar archive of Markdown files, an Evernote export .enex, a zipped export of Google Keep, Bear, Notion, Simplenote or Standard Notes, Simplenote's notes.json, a Standard Notes backup file, a Joplin export .jex, a zipped Logseq graph, or a folder)"
        }
    }

    private static func inEntry(_ entry: String?) -> String {
        entry.map { " (while reading entry '\($0)')" } ?? ""
    }
}
