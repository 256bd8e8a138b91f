import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where `quill`'s search index is kept: in the home (`search/index.sqlite`), or, for a home this
/// process cannot write (a backup on a read-only mount, a snapshot), in the user's cache
/// directory (`$XDG_CACHE_HOME/quill/search-<device>-<inode>/`, one per home), started from a copy of
/// the home's own index when it has one.
///
/// Exists so that `search` works wherever `list` and `show` do: the index is derived from the
/// notes and brought up to date as it is used, which needs a place to write.
enum SearchIndexLocation {
    static func path(home: String, environment: [String: String]) -> String {
        let inHome = home + "/search"
        guard access(home, F_OK) == 0, !isWritable(inHome, home: home) else { return inHome + "/index.sqlite" }
        var status = stat()
        guard stat(home, &status) == 0 else { return inHome + "/index.sqlite" }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        let directory = cache + "/quill/search-\(status.st_dev)-\(status.st_ino)"
        let copy = directory + "/index.sqlite"
        if !FileManager.default.fileExists(atPath: copy) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            try? FileManager.default.copyItem(atPath: inHome + "/index.sqlite", toPath: copy)
        }
        return copy
    }

    /// Whether the index can be written where it belongs: its folder, or the home if it has none.
    private static func isWritable(_ folder: String, home: String) -> Bool {
        access(folder, F_OK) == 0 ? access(folder, W_OK) == 0 : access(home, W_OK) == 0
    }
}
