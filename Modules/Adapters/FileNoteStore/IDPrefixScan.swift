import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// The live notes whose ID starts with a prefix, read straight from the summary journal.
///
/// Resolving the ID a person typed is the first step of nearly every command (`show`, `edit`,
/// `rm`, `history`). Only the lines whose ID matches are decoded; of the others only the ID and
/// the number of fields are checked (what the whole index would reject for them), so that a
/// command on one note does not pay for reading every summary.
struct IDPrefixScan {
    let prefix: String

    /// The matching IDs, sorted; `nil` if the journal is missing or is not one (the caller
    /// falls back to the whole index, which a damaged journal is rebuilt for).
    func run(path: String, files: any FileAccessing) throws -> [NoteID]? {
        let wanted = Array(prefix.utf8)
        var deleted: [NoteID: Bool] = [:]
        let read = try FileLines.forEachSummaryLine(inJournal: path, files: files) { line in
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), Self.isID(line[..<tab]) else { return false }
            guard line[..<tab].starts(with: wanted) else {
                return line[tab...].lazy.filter { $0 == UInt8(ascii: "\t") }.count == 6
            }
            guard let summary = IndexLine.decode(line) else { return false }
            deleted[summary.id] = summary.isDeleted
            return true
        }
        guard read == true else { return nil }
        return deleted.filter { !$0.value }.keys.sorted()
    }

    /// What `NoteID` accepts, on bytes: 1...64 lowercase hexadecimal digits.
    private static func isID(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        (1...64).contains(bytes.count)
            && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
