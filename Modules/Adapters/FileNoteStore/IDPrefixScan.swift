import Foundation
import FileSystemInterface
import NoteStoreInterface
import QuillModels

/// The notes whose ID starts with a prefix, read straight from the summary journal.
///
/// Resolving the ID a person typed is the first step of nearly every command (`show`, `edit`,
/// `rm`, `history`). Of each line only the ID is found and checked (`JournalBytes`); only the
/// lines whose ID matches are decoded, so that a command on one note does not pay for reading
/// every summary.
struct IDPrefixScan {
    let prefix: String
    /// Whether deleted notes count (history, restore and the trash resolve among them too).
    let includingDeleted: Bool

    /// The matching IDs, sorted; `nil` if the journal is missing or is not one (the caller
    /// falls back to the whole index, which a damaged journal is rebuilt for).
    func run(path: String, files: any FileAccessing) throws(FileSystemError) -> [NoteID]? {
        do {
            return try files.withContents(of: path) { raw in scan(raw.bindMemory(to: UInt8.self)) }
        } catch .notFound {
            return nil
        }
    }

    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [NoteID]? {
        guard let journal = JournalBytes(bytes) else { return nil }
        let wanted = Array(prefix.utf8)
        var deleted: [NoteID: Bool] = [:]
        let complete = journal.forEachLine { line in
            guard bytes[line.start..<line.idEnd].starts(with: wanted) else { return true }
            guard let summary = IndexLine.decode(journal.slice(line)) else { return false }
            deleted[summary.id] = summary.isDeleted
            return true
        }
        guard complete else { return nil }
        return deleted.filter { includingDeleted || !$0.value }.keys.sorted()
    }
}
