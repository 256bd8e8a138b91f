import FileSystemInterface
import Foundation

/// A folder's entries, walked through `FileAccessing` in name order, each folder's own entries
/// before its subfolders'; hidden names (`.obsidian/`, `.git/`, `.DS_Store`) are passed over.
///
/// Exists so that every import of a folder (a vault, an unpacked export) sees the same entries
/// and refuses the same ones: a name that is not UTF-8 (a file named on an old Latin-1 system)
/// cannot be a path again once it is a `String`, so it is refused by its name, where reading it
/// would have failed as "not found".
public struct FolderWalk {
    /// A file's name that is not UTF-8; `entry` shows the bytes that are not as `�`.
    public struct NameNotUTF8: Error, Equatable, Sendable, CustomStringConvertible {
        public let entry: String
        public var description: String { "\(entry): the file's name is not valid UTF-8 (rename it, e.g. with convmv, and import again)" }
    }

    /// One entry: its path under the root, its name, the folder it is in, and its metadata
    /// (of the entry itself: a symbolic link is `.other`).
    public struct Entry: Sendable {
        public let relative: String, name: String, folder: String
        public let metadata: FileMetadata
    }

    public static func entries(under root: String, files: any FileAccessing) throws -> [Entry] {
        var entries: [Entry] = []
        var folders = [""]
        while let folder = folders.popLast() {
            var subfolders: [String] = []
            for name in try files.contents(ofDirectory: folder.isEmpty ? root : root + "/" + folder).sorted() where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let metadata: FileMetadata
                do {
                    metadata = try files.metadata(of: root + "/" + relative)
                } catch let error {
                    guard case .notFound = error, name.contains("\u{FFFD}") else { throw error }
                    throw NameNotUTF8(entry: relative)
                }
                if metadata.kind == .directory { subfolders.append(relative) }
                entries.append(Entry(relative: relative, name: name, folder: folder, metadata: metadata))
            }
            folders.append(contentsOf: subfolders.reversed())
        }
        return entries
    }
}
