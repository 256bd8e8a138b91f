import Foundation
import QuillModels

/// Reads a file of one note ID per line (a bulk creation's undo log) without keeping the lines.
enum IDLines {
    /// Calls `body` with each ID; a last line without its newline (cut short by a crash while
    /// appending) and a line that is not an ID are skipped.
    static func forEach(in data: Data, _ body: (NoteID) throws -> Void) rethrows {
        var start = data.startIndex
        while let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if let id = NoteID(String(decoding: data[start..<end], as: UTF8.self)) { try body(id) }
            start = end + 1
        }
    }
}
