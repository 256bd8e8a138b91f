import Crypto
import QuillModels

/// The ID an import gives a note of another app, or of a folder: 128 bits of the SHA-256 of its
/// identity there (`ForeignNote.sourceID`, a folder's file's name and path).
///
/// Exists so that importing the same export again finds the notes the first import made, and so
/// that a reader can write a link to a note of the export by the ID that note will have, where
/// its name would reach another note as well.
public enum ImportedNoteID {
    public static func of(_ identity: String) -> NoteID {
        let digest = Array(SHA256.hash(data: Array(("quill-import\u{0}" + identity).utf8)))
        return NoteID(high: digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }, low: digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) })
    }
}
