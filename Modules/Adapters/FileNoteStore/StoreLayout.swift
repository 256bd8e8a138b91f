import QuillModels

/// Where each piece of a file-backed store lives under its root directory.
///
/// ```
/// <root>/notes/<id>.json   one versioned JSON document per note (the source of truth)
/// <root>/index             append-only summary journal that keeps `list` from opening every note
/// <root>/pending           journal of local writes not yet acknowledged by a server
/// <root>/txn/              staged documents and the COMMIT record of a write in progress
/// <root>/lock              flock(2) target serializing writers across processes
/// ```
struct StoreLayout: Sendable {
    let root: String

    var notes: String { root + "/notes" }
    var index: String { root + "/index" }
    var pending: String { root + "/pending" }
    var transactions: String { root + "/txn" }
    var commitRecord: String { transactions + "/COMMIT" }
    var lock: String { root + "/lock" }

    func note(_ id: NoteID) -> String { notes + "/" + id.rawValue + ".json" }
    func staged(_ id: NoteID) -> String { transactions + "/" + id.rawValue + ".json" }
}
