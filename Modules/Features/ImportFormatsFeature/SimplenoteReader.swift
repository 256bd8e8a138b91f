import Foundation
import QuillModels

/// Reads a Simplenote export: `notes.json` alone, or the zip Simplenote makes (`source/notes.json`
/// beside a `.txt` per note, which say nothing the JSON does not).
///
/// What each field becomes is in `docs/import.md`. Simplenote writes line breaks as `\r\n` in
/// its export; they are read as `\n`, as the notes were written.
public struct SimplenoteReader {
    public init() {}

    /// Whether the files hold Simplenote's `notes.json`.
    public static func finds(in files: some ExportFiles) -> Bool {
        notesFile(in: files) != nil
    }

    private static func notesFile(in files: some ExportFiles) -> String? {
        // Given alone, the file may have any name; in a zip it is `source/notes.json`.
        let candidates = files.paths.count == 1 ? files.paths : files.paths.filter { $0 == "notes.json" || $0.hasSuffix("/notes.json") }
        return candidates.sorted { $0.count < $1.count }.first { path in
            guard let bytes = try? files.bytes(of: path) else { return false }
            return (try? JSONDecoder().decode(SimplenoteExport.self, from: Data(bytes)))?.isExport == true
        }
    }

    public func read(_ files: some ExportFiles, receive: (ForeignNote) async throws -> Void) async throws -> [(entry: String, reason: String)] {
        guard let path = Self.notesFile(in: files) else { return [] }
        let export = try JSONDecoder().decode(SimplenoteExport.self, from: Data(try files.bytes(of: path)))
        for (notes, trashed) in [(export.activeNotes ?? [], false), (export.trashedNotes ?? [], true)] {
            for (index, simple) in notes.enumerated() {
                try await receive(note(simple, entry: "\(path)#\(trashed ? "trashed" : "active")\(index + 1)", trashed: trashed))
            }
        }
        return []
    }

    private func note(_ simple: SimplenoteExport.Note, entry: String, trashed: Bool) -> ForeignNote {
        let content = (simple.content ?? "").replacing("\r\n", with: "\n")
        // The first line that is not blank is the title, as in Simplenote; the text after it is the body.
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.firstIndex { !$0.trimmingSpaces().isEmpty }
        var title = "Untitled", body = content
        if let first {
            let line = lines[first].trimmingSpaces()
            if line.count <= NoteLimits.maximumTitleCharacters {
                title = line
                var rest = Array(lines[(first + 1)...])
                while rest.first?.trimmingSpaces().isEmpty == true { rest.removeFirst() }
                body = rest.joined(separator: "\n")
            } else {
                title = String(line.prefix(80))
            }
        }
        var note = ForeignNote(sourceID: "simplenote:" + (simple.id ?? entry), entry: entry, title: title, body: body)
        note.tags = simple.tags ?? []
        note.created = simple.creationDate.flatMap(ForeignDate.parse)
        note.updated = simple.lastModified.flatMap(ForeignDate.parse)
        note.properties.append(("markdown", simple.markdown == true ? "true" : "false"))
        if simple.pinned == true { note.properties.append(("pinned", "true")) }
        if let url = simple.publicURL { note.properties.append(("public-url", url)) }
        if let emails = simple.collaboratorEmails, !emails.isEmpty { note.properties.append(("shared-with", emails.joined(separator: ", "))) }
        note.state = trashed ? .trashed : .active
        return note
    }
}

/// Simplenote's export, as its own code writes it (`activeNotes`, `trashedNotes`).
private struct SimplenoteExport: Decodable {
    struct Note: Decodable {
        let id: String?
        let content: String?
        let creationDate: String?
        let lastModified: String?
        let tags: [String]?
        let pinned: Bool?
        let markdown: Bool?
        let publicURL: String?
        let collaboratorEmails: [String]?
    }

    let activeNotes: [Note]?
    let trashedNotes: [Note]?

    var isExport: Bool { activeNotes != nil || trashedNotes != nil }
}
