import FileSystemInterface

/// The files of an export another app wrote, by path relative to its top: a folder on disk
/// (`ExportFolder`) or a zip (`ZipArchive`).
///
/// Exists so that each format reader (Keep, …) is written once for both, as people bring
/// exports unpacked as often as zipped.
public protocol ExportFiles {
    /// Every file, relative, `/`-separated, in name order; hidden files and links left out.
    var paths: [String] { get }
    func bytes(of path: String) throws -> [UInt8]
}

extension ZipArchive: ExportFiles {
    public var paths: [String] { entries.map(\.path).sorted() }

    public func bytes(of path: String) throws -> [UInt8] {
        guard let entry = entries.first(where: { $0.path == path }) else { throw Failure.malformed("'\(path)' is not in the zip") }
        return try bytes(of: entry)
    }
}

/// A folder of an export, walked by `FolderWalk`: its files, in name order; anything that is
/// not a file or a folder is left out.
public struct ExportFolder: ExportFiles {
    public let root: String
    public let paths: [String]
    private let files: any FileAccessing

    public init(root: String, files: any FileAccessing) throws {
        self.root = root
        self.files = files
        self.paths = try FolderWalk.entries(under: root, files: files).filter { $0.metadata.kind == .file }.map(\.relative).sorted()
    }

    public func bytes(of path: String) throws -> [UInt8] { [UInt8](try files.read(root + "/" + path)) }
}

/// Several exports read as one: the zips inside a zip (Notion delivers `Export-….zip` holding
/// `Export-…-Part-1.zip`, …), each file under the path it has in its own zip.
public struct CombinedExportFiles: ExportFiles {
    private let parts: [any ExportFiles]
    private let owner: [String: Int]
    public let paths: [String]

    public init(_ parts: [any ExportFiles]) {
        self.parts = parts
        var owner: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            for path in part.paths where owner[path] == nil { owner[path] = index }
        }
        self.owner = owner
        paths = owner.keys.sorted()
    }

    public func bytes(of path: String) throws -> [UInt8] {
        guard let index = owner[path] else { throw ZipArchive.Failure.malformed("'\(path)' is not in the export") }
        return try parts[index].bytes(of: path)
    }
}

/// One file given by itself (Simplenote's `notes.json`), read whole, as an export of one file.
public struct SingleFileExport: ExportFiles {
    public let name: String
    private let contents: [UInt8]
    public var paths: [String] { [name] }

    public init(name: String, contents: [UInt8]) {
        self.name = name
        self.contents = contents
    }

    public func bytes(of path: String) throws -> [UInt8] {
        guard path == name else { throw ZipArchive.Failure.malformed("'\(path)' is not in the export") }
        return contents
    }
}
