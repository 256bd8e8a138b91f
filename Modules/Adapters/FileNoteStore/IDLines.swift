import Foundation
import FileSystemInterface
import QuillModels

/// Reads a file of one note ID per line (a bulk creation's undo log) a piece at a time,
/// without keeping the lines: the log lists every note of an import, however many.
enum IDLines {
    /// Calls `body` with each ID of the file, in order; a last line without its newline (cut
    /// short by a crash while appending) and a line that is not an ID are skipped.
    static func forEach(inFile path: String, files: any FileAccessing, _ body: (NoteID) throws -> Void) throws {
        try FileLines.forEach(inFile: path, files: files) { line in
            if let id = NoteID(String(decoding: line, as: UTF8.self)) { try body(id) }
            return true
        }
    }
}
