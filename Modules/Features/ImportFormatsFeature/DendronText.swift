import Foundation
import QuillModels

/// A Dendron note's text in Quill's terms: its links turned round (`[[label|name]]` is
/// `[[name|label]]`) and without their vault (`dendron://vault/`), its note references
/// (`![[name#part,1:#*]]`) as embeds of the note, its `#tags` and `@users` as links to the notes
/// `tags.…` and `user.…` where the vault holds them, and the files it shows as attachments.
///
/// Exists apart from `DendronReader` (which finds the vaults and reads the front matter) because
/// this is the part that follows Dendron's syntax; it reads the references with
/// `MarkdownReference`, so that code is never rewritten.
enum DendronText {
    /// What a note's text is read against: the notes of the vaults, by name, and every file.
    struct Vault {
        struct Named {
            let sourceID: String
            let title: String
        }

        /// By name in lower case (Dendron's names are).
        let notes: [String: Named]
        let files: Set<String>
        /// How many notes have each title, folded as links compare names.
        private let titles: [String: Int]

        init(notes: [String: Named], files: Set<String>) {
            self.notes = notes
            self.files = files
            titles = notes.values.reduce(into: [:]) { $0[LinkName.folded($1.title), default: 0] += 1 }
        }

        func holds(_ name: String) -> Bool { notes[name.lowercased()] != nil }

        /// What a link to the note `name` names in Quill: the name (the note's alias), or the ID the
        /// note will have where the name is also the title of another note, or of several.
        func target(_ name: String) -> String {
            guard let note = notes[name.lowercased()] else { return name }
            let folded = LinkName.folded(name)
            let sharing = titles[folded] ?? 0
            guard sharing > 1 || (sharing == 1 && LinkName.folded(note.title) != folded) else { return name }
            return ImportedNoteID.of(note.sourceID).rawValue
        }
    }

    struct Rewritten {
        var text: String
        var attachments: [ForeignAttachment] = []
        var notices: [String] = []
        /// The names of the notes the text links to (as Quill reads the links: the part before `#`).
        var linkedNames: [String] = []
        /// The `#tags` of the text, without `#`, in order, each once.
        var hashtags: [String] = []
    }

    /// `text` rewritten; `attachment` gives the file a Markdown link's target names (relative to the
    /// vault, percent-decoded), or `nil` where it names none.
    static func rewritten(
        _ text: String, vault: Vault, attachment: (_ target: String) throws -> (ForeignAttachment, isNew: Bool)?
    ) throws -> Rewritten {
        var result = Rewritten(text: text)
        let utf8 = Array(text.utf8)
        var replacements: [(range: Range<Int>, text: String)] = []
        let references = MarkdownReference.scan(text)
        for reference in references {
            switch reference.kind {
            case .wikilink(let inner):
                if let url = Self.url(inWikilink: inner), !reference.isEmbedded {
                    replacements.append((reference.utf8Range, "[\(url.label)](\(url.target))"))
                    continue
                }
                guard let link = Link(inner, embedded: reference.isEmbedded) else {
                    if inner.contains("*") {
                        result.notices.append("'\(inner)' embeds every note it matches, which quill does not; left as written")
                    }
                    continue
                }
                result.linkedNames.append(link.name)
                let markdown = link.markdown(to: vault.target(link.name))
                if !markdown.utf8.elementsEqual(utf8[reference.utf8Range]) { replacements.append((reference.utf8Range, markdown)) }
            case .link(let label, let destination):
                let target = destination.removingPercentEncoding ?? destination
                guard Self.isLocal(target) else { continue }
                guard let (file, isNew) = try attachment(target) else {
                    if !target.lowercased().hasSuffix(".md") {
                        result.notices.append("'\(target)' is not in the vault; the link is left as it was")
                    }
                    continue
                }
                if isNew { result.attachments.append(file) }
                replacements.append((reference.utf8Range, ExportAttachments.reference(to: file, label: label, isImage: reference.isEmbedded)))
            }
        }
        var seenTags: Set<String> = []
        // Both in order: the references passed are left behind as the mentions go on.
        var passed = references.startIndex
        for mention in Mention.scan(MarkdownCode.blanked(text)) {
            while passed < references.endIndex, references[passed].utf8Range.upperBound <= mention.range.lowerBound { passed += 1 }
            if passed < references.endIndex, references[passed].utf8Range.overlaps(mention.range) { continue }
            if mention.sigil == "#", seenTags.insert(mention.name.lowercased()).inserted { result.hashtags.append(mention.name) }
            let note = (mention.sigil == "#" ? "tags." : "user.") + mention.name
            guard vault.holds(note) else { continue }
            replacements.append((mention.range, "[[\(vault.target(note))|\(mention.sigil)\(mention.name)]]"))
            result.linkedNames.append(note)
        }
        result.text = UTF8Replacements.applying(replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { ($0.range, $0.text) }, to: text)
        return result
    }

    /// The file of the export a Markdown link's target names, relative to the vault's folder
    /// (`/assets/a.png`, `assets/a.png`, `../dendron.yml`); `nil` for a note (`.md`) or a path
    /// that climbs out of the export.
    static func file(at target: String, in vaultFolder: String) -> String? {
        let path = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        guard !path.isEmpty, !path.lowercased().hasSuffix(".md") else { return nil }
        var names: [Substring] = []
        for name in (vaultFolder + path.drop { $0 == "/" }).split(separator: "/") where name != "." {
            if name == ".." {
                guard names.popLast() != nil else { return nil }
            } else {
                names.append(name)
            }
        }
        return names.joined(separator: "/")
    }

    /// A wikilink to a web page (`[[label|https://…]]`), which Dendron shows as a link to it.
    private static func url(inWikilink inner: String) -> (label: String, target: String)? {
        let parts = inner.split(separator: "|", maxSplits: 1).map { $0.trimmingSpaces() }
        guard let target = parts.last, target.hasPrefix("https://") || target.hasPrefix("http://"), !target.contains(" ") else { return nil }
        return (parts.count == 2 ? parts[0] : target, target)
    }

    /// Whether a link's target is a path rather than a URL (`https:`, `mailto:`) or a place in the note (`#…`).
    private static func isLocal(_ target: String) -> Bool {
        guard !target.isEmpty, !target.hasPrefix("#") else { return false }
        let scheme = target.prefix { $0 != ":" && $0 != "/" }
        return scheme.count == target.count || target[scheme.endIndex] != ":"
    }

    /// A wikilink or note reference, read as Dendron writes it.
    struct Link {
        /// The note's name, without a vault.
        let name: String
        /// `#heading`, `#^block` or `^block`, or empty.
        let fragment: String
        let label: String?
        let embedded: Bool

        /// The link as Quill writes it, to `target` (its name, or the note's ID, shown as the name).
        func markdown(to target: String) -> String {
            let shown = label ?? (target == name ? nil : name)
            return (embedded ? "![[" : "[[") + target + fragment + (shown.map { "|" + $0 } ?? "") + "]]"
        }

        /// `nil` for a reference Quill cannot make (a name with `*`: every note it matches).
        init?(_ inner: String, embedded: Bool) {
            var target = Substring(inner.trimmingSpaces())
            var label: String?
            if let bar = target.firstIndex(of: "|") {
                label = target[..<bar].trimmingSpaces()
                target = Substring(target[target.index(after: bar)...].trimmingSpaces())
            }
            if target.hasPrefix("dendron://"), let slash = target.dropFirst("dendron://".count).firstIndex(of: "/") {
                target = target[target.index(after: slash)...]
            }
            let hash = target.firstIndex { $0 == "#" || $0 == "^" } ?? target.endIndex
            var fragment = target[hash...]
            // A reference's part runs to `:` (the end of a range, `:#*`) or `,` (an offset, `,1`).
            if embedded, let end = fragment.firstIndex(where: { $0 == ":" || $0 == "," }) { fragment = fragment[..<end] }
            let name = target[..<hash].trimmingSpaces()
            guard !name.isEmpty, !name.contains("*") else { return nil }
            self.name = String(name)
            self.fragment = fragment == "#" ? "" : String(fragment)
            self.label = embedded ? nil : label
            self.embedded = embedded
        }
    }

    /// A `#tag` or `@user` of a text, as Dendron reads one: after the start of a line or white
    /// space; a first character that is no digit, `.` or punctuation; then no white space, `#`,
    /// `@`, `|`, brackets or punctuation but `.`, `-`, `_` and `/`; not ending with `.`.
    struct Mention {
        let range: Range<Int>
        let sigil: Character
        let name: String

        /// In a text whose code is blanked (`MarkdownCode.blanked`), by UTF-8 offset.
        static func scan(_ blanked: [UInt8]) -> [Mention] {
            let text = String(decoding: blanked, as: UTF8.self)
            guard text.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") }) else { return [] }
            var found: [Mention] = []
            let scalars = Array(text.unicodeScalars)
            var offset = 0
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                defer {
                    offset += scalar.utf8.count
                    index += 1
                }
                guard scalar == "#" || scalar == "@", index == 0 || scalars[index - 1].properties.isWhitespace else { continue }
                var end = index + 1
                while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
                while end > index + 1, scalars[end - 1] == "." { end -= 1 }
                guard end > index + 1, isFirstScalar(scalars[index + 1]) else { continue }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                found.append(Mention(range: offset..<(offset + 1 + name.utf8.count), sigil: Character(scalar), name: name))
            }
            return found
        }

        private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.properties.isWhitespace || "#@|[](){}<>".unicodeScalars.contains(scalar) { return false }
            return !isPunctuation(scalar) || ".-_/".unicodeScalars.contains(scalar)
        }

        private static func isFirstScalar(_ scalar: Unicode.Scalar) -> Bool {
            isNameScalar(scalar) && !isPunctuation(scalar) && scalar.properties.numericType == nil
        }

        private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .modifierSymbol, .currencySymbol:
                true
            default:
                false
            }
        }
    }
}
