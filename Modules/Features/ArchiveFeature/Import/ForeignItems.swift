import Foundation
import ImportFormatsFeature
import QuillModels

/// Makes the items of an archive out of the notes another app exported (`ForeignNote`), so
/// that they are planned, added all or nothing, undone and reported exactly as a Quill archive's:
/// each attachment first, then the note.
///
/// A foreign note becomes a Quill note with an ID drawn from its identity in its app
/// (`ImportedNoteID` of `ForeignNote.sourceID`): importing the same export again finds the notes the
/// first import made, and leaves those unchanged alone. Its app's fields go to front matter at
/// the top of its text; its tags become Quill tags (white space as `-`), with those Quill
/// cannot hold kept in the front matter; an archived note is tagged `archived`, a trashed one
/// goes to the trash. It remembers the titles and aliases it has seen, to tell at the end which `[[links]]`
/// between the export's notes found their note.
struct ForeignItems {
    let now: Date
    /// The names (titles and aliases) the notes answer to in links, folded.
    private var names: Set<String> = []
    private var links: [(entry: String, title: String)] = []
    /// How many notes of this import had each identity: an app may export two notes that its
    /// identity cannot tell apart (the same title and time); the second is `…#2`.
    private var identities: [String: Int] = [:]

    init(now: Date) {
        self.now = now
    }

    mutating func items(_ foreign: ForeignNote, receive: (ArchiveItem) async throws -> Void) async throws {
        for attachment in foreign.attachments {
            try await receive(ArchiveItem(entry: foreign.entry + "/" + attachment.name, incoming: .attachment(attachment.hash, bytes: attachment.bytes[...])))
        }
        var foreign = foreign
        let kept = Self.readFrontMatter(of: &foreign)
        var properties = foreign.properties
        var tags: Set<Tag> = []
        var refused: [String] = []
        for text in foreign.tags + (foreign.state == .archived ? ["archived"] : []) {
            let written = String(text.map { $0.isWhitespace || $0 == "," ? "-" : $0 })
            if let tag = try? Tag(written), tags.count < NoteLimits.maximumTags || tags.contains(tag) {
                tags.insert(tag)
            } else {
                refused.append(text)
            }
        }
        var notices = foreign.notices
        if !refused.isEmpty {
            properties.append(("other-tags", refused.joined(separator: ", ")))
            notices.append("\(Counted.noun("tag", count: refused.count)) " + refused.map { "'\($0)'" }.joined(separator: ", ") + " not valid in Quill; kept in the text")
        }
        let block = ForeignFrontMatter.block(properties, after: kept)
        var body = block + foreign.body
        if let fitted = LongNoteText.fitted(foreign.body, name: foreign.title, room: NoteLimits.maximumBodyBytes - block.utf8.count) {
            try await receive(ArchiveItem(entry: foreign.entry, incoming: .attachment(fitted.hash, bytes: fitted.bytes[...])))
            body = block + fitted.body
            notices.append(fitted.notice)
        }
        for alias in foreign.aliases { body = NoteAliases.adding(alias, to: body) }
        // A date no timestamp can hold (a Keep export's microseconds past the year 9999) is left out.
        let writable = [foreign.created, foreign.updated].map { date in date.flatMap { Timestamp.writable.contains($0) ? $0 : nil } }
        for (name, date, kept) in [("created", foreign.created, writable[0]), ("updated", foreign.updated, writable[1])] where kept == nil {
            if let date { notices.append("the \(name) date \(Timestamp(date)) is outside the years 0000 to 9999; left out") }
        }
        let created = writable[0] ?? writable[1] ?? now, updated = writable[1] ?? writable[0] ?? now
        let occurrence = identities[foreign.sourceID, default: 0] + 1
        identities[foreign.sourceID] = occurrence
        let identity = occurrence == 1 ? foreign.sourceID : foreign.sourceID + "#\(occurrence)"
        let note: Note
        do {
            note = try Note(id: ImportedNoteID.of(identity), title: foreign.title, body: body, tags: tags.sorted(),
                            created: created, updated: max(created, updated), isDeleted: foreign.state == .trashed)
        } catch {
            throw ArchiveError.invalidNote(entry: foreign.entry, reason: error.description)
        }
        names.insert(LinkName.folded(foreign.title))
        for alias in foreign.aliases { names.insert(LinkName.folded(alias)) }
        links += foreign.linkedTitles.map { (foreign.entry, $0) }
        try await receive(ArchiveItem(entry: foreign.entry, incoming: .note(note), notices: notices, updatesOlder: true))
    }

    /// Reads the note's YAML front matter (`ForeignNote.frontMatter`), as a folder's Markdown
    /// file's is read, into its fields; returns the YAML of the keys kept.
    private static func readFrontMatter(of foreign: inout ForeignNote) -> String {
        guard let yaml = foreign.frontMatter, !yaml.isEmpty else { return "" }
        let text = "---\n" + yaml + (yaml.hasSuffix("\n") ? "" : "\n") + "---\n"
        guard let read = ForeignFrontMatter.read(text) else { return "" }
        foreign.title = read.title ?? foreign.title
        foreign.tags += read.tags.map(\.rawValue)
        foreign.created = read.created ?? foreign.created
        foreign.updated = read.updated ?? foreign.updated
        foreign.notices += read.notices
        // What is kept is a block of its own (or, where the YAML could not be read, the block as
        // it was): its lines go into the note's one block.
        return read.body.hasPrefix("---\n") && read.body.hasSuffix("---\n") ? String(read.body.dropFirst(4).dropLast(4)) : ""
    }

    /// The `[[links]]` the notes made whose title is no name of a note of the export's.
    var unresolvedLinks: [ImportReport.Notice] {
        links.filter { !names.contains(LinkName.folded($0.title)) }
            .map { ImportReport.Notice(entry: $0.entry, message: "links to '\($0.title)', which is not in the export") }
    }

    var resolvedLinkCount: Int { links.count - unresolvedLinks.count }

    /// The ID of the copy kept of another app's note when the store holds a version of it changed
    /// here since: one per version of the app's note, so that importing the same export again
    /// finds the copy instead of making another.
    static func copyID(of note: Note) -> NoteID {
        ImportedNoteID.of("copy\u{0}\(note.id.rawValue)\u{0}\(note.title)\u{0}\(Tag.joined(note.tags))\u{0}\(note.isDeleted)\u{0}\(note.body)")
    }
}
