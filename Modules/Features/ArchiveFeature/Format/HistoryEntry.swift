import QuillModels

/// An archive's `history/<id>.log` entry: a note's earlier revisions, oldest first, one
/// `RevisionRecord` a line, exactly as the CLI's store keeps them (docs/archive-format.md).
///
/// Exists so that export and import agree on where a history goes and how it reads, and so that
/// a damaged one is refused with the line that is wrong.
enum HistoryEntry {
    static let directoryName = "history"
    static let fileExtension = ".log"

    static func path(for id: NoteID) -> String {
        "\(ArchiveLayout.root)/\(directoryName)/\(id)\(fileExtension)"
    }

    /// The note ID a history entry belongs to: `TOP/history/<id>.log`; `nil` for any other path.
    static func noteID(ofEntry path: String) -> NoteID? {
        guard path.hasSuffix(fileExtension) else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == directoryName else { return nil }
        return NoteID(String(parts[2].dropLast(fileExtension.count)))
    }

    /// The records of an entry's content; every line must be one, ended by a line end.
    static func records(_ bytes: ArraySlice<UInt8>, entry: String) throws(ArchiveError) -> [RevisionRecord] {
        guard bytes.isEmpty || bytes.last == UInt8(ascii: "\n") else {
            throw .invalidNote(entry: entry, reason: "the history's last line has no line end")
        }
        var records: [RevisionRecord] = []
        for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().enumerated() {
            guard let text = String(validating: line, as: UTF8.self) else { throw .invalidUTF8(entry: entry, part: "line \(number + 1)") }
            do {
                records.append(try RevisionRecord.decode(text))
            } catch {
                throw .invalidNote(entry: entry, reason: "line \(number + 1) is not a revision record (\(error))")
            }
        }
        return records
    }
}
