/// File names for notes written to a folder: the title, made safe on every common system
/// (no separators, control characters, `:*?"<>|`, leading dots or trailing dots and spaces;
/// at most 200 UTF-8 bytes), `.md`, and ` 2`, ` 3`… for a title already used, compared
/// without regard to case (macOS and Windows folders are case-insensitive).
enum FolderLayout {
    static let maximumStemBytes = 200

    static func stem(_ title: String) -> String {
        var stem = ""
        for character in ArchiveLayout.slug(title) {
            let unsafe = ":*?\"<>|".contains(character)
            let next = unsafe ? "-" : String(character)
            guard stem.utf8.count + next.utf8.count <= maximumStemBytes else { break }
            stem += next
        }
        while stem.last == "." || stem.last == " " { stem.removeLast() }
        return stem.isEmpty ? "note" : stem
    }

    /// The names used so far in one folder.
    struct Names {
        private var taken: Set<String> = []

        mutating func reserve(_ name: String) { taken.insert(name.lowercased()) }

        mutating func claim(for title: String) -> String {
            let stem = FolderLayout.stem(title)
            var name = stem + ".md"
            var number = 2
            while taken.contains(name.lowercased()) {
                name = "\(stem) \(number).md"
                number += 1
            }
            taken.insert(name.lowercased())
            return name
        }
    }
}
