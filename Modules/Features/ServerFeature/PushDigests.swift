import Crypto
import Foundation
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Computes the `PushDigest` a repository keeps with a push's answer.
///
/// The digest covers the changes as the server understood them (validated notes and base
/// revisions, in order), written in Quill's one canonical JSON form (the bytes
/// `PushRequestBody.Change.jsonBytes` writes, which `NoteJSON.encoder` would), so two requests get
/// the same digest exactly when they carry the same changes, however the client spaced its JSON.
/// Each change is hashed as it is written around its note's JSON, made once (`PushedChange.document`).
enum PushDigests {
    static func digest(of changes: [PushedChange]) -> PushDigest {
        var hasher = SHA256()
        var change: [UInt8] = []
        for (index, pushed) in changes.enumerated() {
            change.removeAll(keepingCapacity: true)
            change.append(UInt8(ascii: index == 0 ? "[" : ","))
            PushRequestBody.Change.appendJSON(baseRevision: pushed.baseRevision, to: &change) { $0.append(contentsOf: pushed.document) }
            hasher.update(data: change)
        }
        hasher.update(data: Array((changes.isEmpty ? "[]" : "]").utf8))
        return PushDigest(LowercaseHex.encode(hasher.finalize()))
    }
}
