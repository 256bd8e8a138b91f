/// One member of a tar archive, as the strict reader hands it out.
struct TarEntry {
    enum Kind: Equatable {
        case file
        case directory
    }

    /// Normalized: relative, no `.` or `..` components, no trailing slash.
    var path: String
    var kind: Kind
    var size: Int64
    /// The header's modification time, in seconds since 1970; `nil` if unset (0) or unreadable.
    var modified: Int64? = nil

    /// The last component of the path.
    var name: Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }

    /// Whether the path has at most two components: where an export puts its manifest.
    var isAtMostOneFolderDeep: Bool {
        path.utf8.lazy.filter { $0 == UInt8(ascii: "/") }.count <= 1
    }
}
