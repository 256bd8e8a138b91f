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
}
