/// The files of a folder being imported that are not notes, found the way Obsidian finds the
/// target of an embed: by a path relative to the note, by a path from the vault's top, or by
/// the file's name alone anywhere in the vault (the one nearest the note when several share it).
///
/// Exists so that `quill import DIR` brings in the images and files a vault's notes show, and
/// so that the rule for which file a name means is written down in one place.
struct VaultFileIndex {
    private var byPath: [String: String] = [:]
    private var byName: [String: [String]] = [:]

    /// - Parameter paths: every non-note file, relative to the vault's top, `/`-separated.
    init(paths: [String]) {
        for path in paths {
            byPath[path.lowercased()] = path
            let name = path.split(separator: "/").last.map(String.init) ?? path
            byName[name.lowercased(), default: []].append(path)
        }
    }

    /// The file `target` means in a note in `folder` (`""` for the top), or `nil`.
    /// - Parameter relative: a Markdown link, whose path is relative to the note first.
    func resolve(_ target: String, fromFolder folder: String, relative: Bool) -> String? {
        let target = target.hasPrefix("/") ? String(target.dropFirst()) : target
        if relative, let normalized = Self.normalized(folder.isEmpty ? target : folder + "/" + target),
           let found = byPath[normalized.lowercased()] {
            return found
        }
        if let normalized = Self.normalized(target), let found = byPath[normalized.lowercased()] { return found }
        if target.contains("/") {
            let suffix = "/" + target.lowercased()
            return byPath.keys.filter { $0.hasSuffix(suffix) }.sorted().first.flatMap { byPath[$0] }
        }
        guard let candidates = byName[target.lowercased()] else { return nil }
        return candidates.min { nearness($0, to: folder) > nearness($1, to: folder)
            || (nearness($0, to: folder) == nearness($1, to: folder) && ($0.count, $0) < ($1.count, $1)) }
    }

    /// How many leading folders `path` shares with `folder`.
    private func nearness(_ path: String, to folder: String) -> Int {
        zip(path.split(separator: "/").dropLast(), folder.split(separator: "/")).prefix { $0 == $1 }.count
    }

    /// `a/./b/../c` as `a/c`; `nil` if it climbs above the top.
    private static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
