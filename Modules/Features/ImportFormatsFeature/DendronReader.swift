import Foundation
import QuillModels

/// Reads a Dendron workspace or vault (its folder, or a zip of it): in each vault, the Markdown
/// files at its top, named by their place in the hierarchy (`dendron.topic.links.md`), and the
/// files they show (`assets/`).
///
/// Exists because a vault read as a plain folder of Markdown breaks what Dendron means: its
/// links are written `[[label|note.name]]` (the other way round from Obsidian's) and may carry a
/// vault (`dendron://vault/note.name`), a note is embedded as `![[note.name#part,1:#*]]`, a
/// `#tag` and an `@user` are links to the notes `tags.tag` and `user.name`, its dates are epoch
/// milliseconds, and a note is known by its `id:`, which a rename keeps. What each becomes is in
/// `docs/import.md`.
public struct DendronReader {
    public let maximumAttachmentBytes: Int64

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// A workspace's configuration and a vault's root schema: one of them at the top of the
    /// files (or in the one folder a zip holds them in) says they are Dendron's.
    public static let markers: Set<String> = ["dendron.yml", "root.schema.yml"]

    /// The files Dendron makes in every vault it creates: a folder holding one is a vault.
    static let vaultFiles: Set<String> = ["root.md", "root.schema.yml"]

    /// Whether the files are a Dendron workspace or vault: a marker, and a vault with notes.
    public static func finds(in files: some ExportFiles) -> Bool {
        let marked = files.paths.contains { path in
            let names = path.split(separator: "/")
            return names.count <= 2 && markers.contains(String(names.last ?? ""))
        }
        return marked && !vaults(in: files.paths).isEmpty
    }

    /// The vaults in the files: each folder (`""`, `vault/`) that holds `root.md` or `root.schema.yml`.
    static func vaults(in paths: [String]) -> Set<String> {
        Set(paths.compactMap { path in
            let (folder, name) = split(path)
            return vaultFiles.contains(name) ? folder : nil
        })
    }

    /// A path's folder (with its `/`, or `""`) and its name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Hands each note on; returns what was passed over, with the reason.
    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        let vaults = Self.vaults(in: files.paths)
        let notes = files.paths.filter { path in
            let (folder, name) = Self.split(path)
            return vaults.contains(folder) && name.lowercased().hasSuffix(".md")
        }
        let notePaths = Set(notes)
        // Every note's identity and title first: a link by a name that is also a note's title
        // would reach that note in Quill (a title beats an alias), so it is written by ID.
        var named: [String: DendronText.Vault.Named] = [:]
        for path in notes {
            let header = Header(String(decoding: try files.bytes(of: path), as: UTF8.self))
            let name = Self.hierarchyName(of: path)
            named[name.lowercased()] = .init(sourceID: Self.sourceID(header, path: path), title: header.title ?? Self.title(ofName: name))
        }
        let vault = DendronText.Vault(notes: named, files: Set(files.paths))
        var attachments = ExportAttachments(maximumAttachmentBytes: maximumAttachmentBytes)
        var passedOver: [(entry: String, reason: String)] = []
        for path in files.paths {
            if notePaths.contains(path) { continue }
            if path.hasSuffix(".schema.yml") {
                passedOver.append((path, "a Dendron schema, which quill does not keep"))
            } else if path.lowercased().hasSuffix(".md"), !vaults.contains(where: { path.hasPrefix($0 + "assets/") }) {
                passedOver.append((path, "Markdown outside the top of a Dendron vault, which Dendron does not read as a note"))
            }
        }
        for path in notes {
            let text = String(decoding: try files.bytes(of: path), as: UTF8.self)
            try await receive(try note(text, path: path, vault: vault, files: files, attachments: &attachments))
        }
        return passedOver
    }

    /// A note's name in the hierarchy: its file's name without `.md`.
    static func hierarchyName(of path: String) -> String {
        String(split(path).name.dropLast(3))
    }

    private func note(_ text: String, path: String, vault: DendronText.Vault, files: some ExportFiles,
                      attachments: inout ExportAttachments) throws -> ForeignNote {
        let name = Self.hierarchyName(of: path)
        let (vaultFolder, _) = Self.split(path)
        let header = Header(text)
        var note = ForeignNote(sourceID: Self.sourceID(header, path: path), entry: path, title: Self.title(ofName: name), body: "")
        note.frontMatter = header.yaml
        let rewritten = try DendronText.rewritten(header.body, vault: vault) { target in
            guard let file = DendronText.file(at: target, in: vaultFolder), vault.files.contains(file) else { return nil }
            return try attachments.attachment(at: file, of: files, entry: path, shown: target)
        }
        note.body = rewritten.text
        note.attachments = rewritten.attachments
        note.notices = rewritten.notices
        note.linkedTitles = rewritten.linkedNames
        note.tags = rewritten.hashtags
        if let dot = name.lastIndex(of: ".") { note.tags.append(String(name[..<dot])) }
        note.aliases = [name]
        return note
    }

    /// A note's identity: its Dendron ID, which a rename keeps; its path without one.
    static func sourceID(_ header: Header, path: String) -> String {
        "dendron:" + (header.id ?? path)
    }

    /// The title Dendron gives a note whose front matter has none: the last part of its name,
    /// its first letter in capitals when it is all lower case.
    static func title(ofName name: String) -> String {
        let last = name.split(separator: ".").last.map(String.init) ?? ""
        guard let first = last.first else { return "Untitled" }
        let title = last == last.lowercased() ? first.uppercased() + last.dropFirst() : last
        return String(title.prefix(NoteLimits.maximumTitleCharacters))
    }

    /// A note's front matter, as Dendron writes it: its `id:` taken out (the note's identity), its
    /// `created:` and `updated:` in epoch milliseconds written as dates, an empty `desc:` left out
    /// (Dendron writes one in every note), every other line as it was.
    struct Header {
        var id: String?
        /// Its `title:` (a scalar, or a block scalar's lines), for the links; the import reads the
        /// title from `yaml` as it reads any front matter.
        var title: String?
        var yaml: String?
        var body: String

        init(_ text: String) {
            guard let block = FrontMatterBlock(text) else {
                body = text
                return
            }
            var kept: [Substring] = []
            let lines = block.lines[block.firstLine..<block.closingLine]
            for (index, line) in zip(lines.indices, lines) {
                guard let (key, value) = block.key(at: index) else {
                    kept.append(line)
                    continue
                }
                if key == "title" {
                    title = block.text(ofKeyAt: index)
                }
                if key == "id", !value.isEmpty {
                    id = FrontMatterBlock.scalar(value)
                } else if key == "desc", ["", "''", "\"\""].contains(value) {
                    continue
                } else if key == "created" || key == "updated", let date = Self.epochMilliseconds(value) {
                    kept.append(Substring(String(key) + ": " + Timestamp(date).description))
                } else {
                    kept.append(line)
                }
            }
            yaml = kept.isEmpty ? nil : kept.joined(separator: "\n") + "\n"
            body = block.rest.map(String.init) ?? ""
        }

        /// A date Dendron wrote: milliseconds since 1970, as digits.
        private static func epochMilliseconds(_ value: Substring) -> Date? {
            guard (10...15).contains(value.count), value.allSatisfy(\.isASCII), let milliseconds = Int64(value) else { return nil }
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
    }
}
