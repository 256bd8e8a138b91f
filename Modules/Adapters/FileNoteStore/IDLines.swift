import Foundation
import FileSystemInterface
import QuillModels

/// Reads a file of one note ID per line (a bulk creation's undo log) a piece at a time,
/// without keeping the lines: the log lists every note of an import, however many.
enum IDLines {
    static let pieceBytes = 1 << 20

    /// Calls `body` with each ID of the file, in order; a last line without its newline (cut
    /// short by a crash while appending) and a line that is not an ID are skipped.
    static func forEach(inFile path: String, files: any FileAccessing, _ body: (NoteID) throws -> Void) throws {
        var offset: Int64 = 0
        var carried = Data()
        while true {
            let piece = try files.read(path, offset: offset, count: pieceBytes)
            guard !piece.isEmpty else { return }
            offset += Int64(piece.count)
            carried.append(piece)
            var start = carried.startIndex
            while let end = carried[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if let id = NoteID(String(decoding: carried[start..<end], as: UTF8.self)) { try body(id) }
                start = end + 1
            }
            carried = Data(carried[start...])
        }
    }
}
