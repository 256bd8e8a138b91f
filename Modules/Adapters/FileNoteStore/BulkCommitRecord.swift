import NoteStoreInterface

/// The content of `txn/BULK-COMMIT`, the commit point of a bulk creation: whose notes they
/// are and, when the notes were not yet durable at the commit, the epoch they were written in
/// (`FileAccessing.unsyncedWritesEpoch`), so that recovery can tell whether they may be lost.
///
/// One line: `local` or `remote`, then a space and the epoch if there is one.
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
        default: return nil
        }
        let rest = line.dropFirst(word.count)
        guard rest.isEmpty || (rest.count > 1 && !rest.contains("\n")) else { return nil }
        unsyncedEpoch = rest.isEmpty ? nil : String(rest.dropFirst())
    }

    var text: String {
        (origin.isLocal ? "local" : "remote") + (unsyncedEpoch.map { " " + $0 } ?? "") + "\n"
    }
}
