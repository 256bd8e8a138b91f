import Crypto
import Foundation
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Computes the `PushDigest` a repository keeps with a push's answer.
///
/// The digest covers the changes as the server understood them (validated notes and base
/// revisions, in order), written in Quill's one canonical JSON form (`PushRequestBody.Change.jsonBytes`,
/// the bytes `NoteJSON.encoder` writes), so two requests get the same digest exactly when they
/// carry the same changes, however the client spaced its JSON.
enum PushDigests {
    static func digest(of changes: [PushedChange]) -> PushDigest {
        let canonical = PushRequestBody.Change.jsonBytes(
            changes.map { PushRequestBody.Change(note: NoteDocument($0.note), baseRevision: $0.baseRevision) })
        return PushDigest(LowercaseHex.encode(SHA256.hash(data: canonical)))
    }
}
