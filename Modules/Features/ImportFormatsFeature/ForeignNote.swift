import Foundation
import QuillModels

/// A note as another app exported it, already in Quill's terms: Markdown text whose
/// attachments are referenced the way Quill writes them, and the app's own fields named.
///
/// Exists so that every format reader hands the archive feature the same thing, and planning,
/// all-or-nothing, undo, attachments and links are written once, there.
public struct ForeignNote: Sendable {
    public enum State: Sendable, Equatable {
        case active
        /// Archived in the app: imported with the tag `archived`.
        case archived
        /// In the app's trash: imported into Quill's trash.
        case trashed
    }

    /// The note's identity in its app, stable across exports (`evernote:`…): a second import
    /// of the same export finds the notes it made.
    public var sourceID: String
    /// Where the note was in the export, for the report (`Notebook.enex#3`).
    public var entry: String
    public var title: String
    /// Markdown, without front matter.
    public var body: String
    /// As the app wrote them; the archive feature makes Quill tags of them.
    public var tags: [String] = []
    public var created: Date?
    public var updated: Date?
    /// The app's fields that have no place in a Quill note, kept as front matter in its text.
    public var properties: [(key: String, value: String)] = []
    /// The YAML front matter of an app whose notes are Markdown files (without its `---` lines),
    /// read as a folder's Markdown file's is: its title, tags and dates over those above, its
    /// other keys kept at the top of the text, before `properties`.
    public var frontMatter: String?
    public var state: State = .active
    public var attachments: [ForeignAttachment] = []
    /// The other names the app lets links reach the note by: its aliases (front matter `aliases`).
    public var aliases: [String] = []
    /// The titles the note links to with `[[…]]` (links between notes of the export).
    public var linkedTitles: [String] = []
    /// What the report should say about this note: values kept in another form, parts skipped.
    public var notices: [String] = []

    public init(sourceID: String, entry: String, title: String, body: String) {
        self.sourceID = sourceID
        self.entry = entry
        self.title = title
        self.body = body
    }
}

/// A file a foreign note carries, its bytes read and hashed.
public struct ForeignAttachment: Sendable {
    public let name: String
    public let hash: AttachmentHash
    public let bytes: [UInt8]

    public init(name: String, hash: AttachmentHash, bytes: [UInt8]) {
        self.name = name
        self.hash = hash
        self.bytes = bytes
    }
}
