import NoteStoreInterface
import QuillModels

/// The content of `txn/BULK-COMMIT`, the commit point of a bulk creation: whose notes they
/// are and, when the notes were not yet durable at the commit, the epoch they were written in
/// (`FileAccessing.unsyncedWritesEpoch`), so that recovery can tell whether they may be lost.
///
/// One line: `local`, `remote` or `import:ID` (a local import to remember under ID, for its
/// undo), then a space and the epoch if there is one.
struct BulkCommitRecord: Equatable {
    let origin: WriteOrigin
    /// `nil`: every note was made durable before the record was written.
    let unsyncedEpoch: String?

    init(origin: WriteOrigin, unsyncedEpoch: String?) {
        self.origin = origin
        self.unsyncedEpoch = unsyncedEpoch
    }

    init?(_ text: String) {
        guard text.hasSuffix("\n") else { return nil }
        let line = text.dropLast()
        let word = line.prefix { $0 != " " }
        switch word {
        case "local": origin = .local
        case "remote": origin = .remote
        default:
            guard case .imported? = RevisionOrigin(String(word)), let imported = RevisionOrigin(String(word)) else { return nil }
            origin = WriteOrigin(isLocal: true, revisionOrigin: imported)
        }
        let rest = line.dropFirst(word.count)
        guard rest.isEmpty || (rest.count > 1 && !rest.contains("\n")) else { return nil }
        unsyncedEpoch = rest.isEmpty ? nil : String(rest.dropFirst())
    }

    var text: String {
        let kind = if case .imported = origin.revisionOrigin { origin.revisionOrigin.description } else { origin.isLocal ? "local" : "remote" }
        return kind + (unsyncedEpoch.map { " " + $0 } ?? "") + "\n"
    }
}
