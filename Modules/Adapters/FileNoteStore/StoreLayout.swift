import FileSystemInterface
import QuillModels

/// Where each piece of a file-backed store lives under its root directory.
///
/// ```
/// <root>/notes/<id>.json   one versioned JSON document per note (the source of truth)
/// <root>/history/<id>.log  the note's earlier revisions (`HistoryLog`), written by its updates
/// <root>/imports/<id>      the notes an import added, one ID a line (`quill import --undo`)
/// <root>/index             append-only summary journal that keeps `list` from opening every note
/// <root>/index-generation  changes whenever the summary journal is rewritten or made anew (search
///                          indexes tell from it whether their position in the journal still holds)
/// <root>/pending           journal of local writes not yet acknowledged by a server
/// <root>/txn/              staged documents and the COMMIT record of a write in progress, or
///                          the undo log, summary chunks, BULK-COMMIT and BULK-JOURNALED of a
///                          bulk creation
/// <root>/lock              flock(2) target serializing writers across processes
/// <root>/damaged/          note files that could not be read, and their history, set aside
///                          (`<id>.json`, `<id>.log`; `<id>-2.json` for the next of one note)
/// ```
struct StoreLayout: Sendable {
    let root: String

    var notes: String { root + "/notes" }
    var index: String { root + "/index" }
    var history: String { root + "/history" }
    var imports: String { root + "/imports" }
    /// One line per `pruneHistory` that removed anything: when, the rule, how much.
    var pruneLog: String { root + "/prune.log" }
    var pending: String { root + "/pending" }
    var journalGeneration: String { root + "/index-generation" }
    var transactions: String { root + "/txn" }
    var commitRecord: String { transactions + "/COMMIT" }
    var lock: String { root + "/lock" }
    var damaged: String { root + "/damaged" }
    /// Where the `number`th damaged file of a note set aside is kept (`suffix`: `.json` or `.log`).
    func damaged(_ id: NoteID, number: Int, suffix: String) -> String {
        damaged + "/" + id.rawValue + (number == 1 ? "" : "-\(number)") + suffix
    }
    var bulkCreated: String { transactions + "/BULK" }
    var bulkCommitRecord: String { transactions + "/BULK-COMMIT" }
    var bulkHistories: String { transactions + "/BULK-HISTORY" }
    var bulkJournaled: String { transactions + "/BULK-JOURNALED" }
    static let bulkSummariesPrefix = "bulk-summaries-"
    /// Whether a file of `txn/` belongs to a bulk creation (`BulkTransaction`); the leftover of a
    /// killed write does not, and the next writer's recovery removes it.
    static func isBulkCreationFile(_ name: String) -> Bool {
        (name == "BULK" || name.hasPrefix("BULK-") || name.hasPrefix(bulkSummariesPrefix)) && !WriteLeftovers.isLeftover(name)
    }

    func note(_ id: NoteID) -> String { notes + "/" + id.rawValue + ".json" }
    func importRecord(_ importID: String) -> String { imports + "/" + importID }
    func history(_ id: NoteID) -> String { history + "/" + id.rawValue + Self.historySuffix }
    /// The note whose log a file of `history/` is, by its name; `nil` for any other file.
    static func historyNoteID(fileName: String) -> NoteID? {
        fileName.hasSuffix(historySuffix) ? NoteID(String(fileName.dropLast(historySuffix.count))) : nil
    }
    private static let historySuffix = ".log"
    func staged(_ id: NoteID) -> String { transactions + "/" + id.rawValue + ".json" }
    /// The index lines of a bulk creation's `chunk`th chunk (names sort in chunk order).
    func bulkSummaries(_ chunk: Int) -> String {
        let digits = String(chunk)
        return transactions + "/" + Self.bulkSummariesPrefix + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
