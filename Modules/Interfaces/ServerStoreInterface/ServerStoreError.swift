import QuillModels

/// Why a server-side store refused or failed an operation.
///
/// Every repository, real or fake, throws these (the contract suite checks it), and the
/// HTTP layer maps each case to one status code.
public enum ServerStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(NoteID)
    case alreadyExists(NoteID)
    case revisionMismatch(NoteID, current: Int)
    case accountNameTaken(String)
    case accountNotFound(String)
    case unavailable(String)
    /// The disk under the store is full: nothing of the write was kept, and writes fail until
    /// space is freed (reads go on).
    case storageFull(String)
    case corrupt(String)
    /// A push reused a request ID whose recorded push carried other changes; nothing was applied.
    case pushRequestReused(PushRequestID)
    /// The database was migrated by a newer release than this one (a downgrade): its schema is
    /// at `database`, past `newestKnown`, the newest version this code can read and write.
    case schemaTooNew(database: Int64, newestKnown: Int64)
    /// An attachment's bytes were sent from another offset than where those received so far end.
    case attachmentOffset(received: Int64)
    /// Bytes were sent for an attachment that is already whole.
    case attachmentComplete
    /// The provider identity is linked to another account (named).
    case identityLinked(ProviderIdentity, account: String)

    public var description: String {
        switch self {
        case .notFound(let id): "no note with ID \(id)"
        case .alreadyExists(let id): "a note with ID \(id) already exists"
        case .revisionMismatch(let id, let current): "note \(id) is at revision \(current)"
        case .accountNameTaken(let name): "an account named '\(name)' already exists"
        case .accountNotFound(let name): "there is no account named '\(name)'"
        case .unavailable(let reason): "the database is unavailable: \(reason)"
        case .storageFull(let reason): "the server's disk is full: \(reason)"
        case .corrupt(let reason): "stored data is corrupt: \(reason)"
        case .pushRequestReused(let id):
            "request ID \(id) was already used for a push with other changes; send these changes under a new request ID"
        case .attachmentOffset(let received): "the upload must continue at byte \(received), where what arrived so far ends"
        case .attachmentComplete: "the attachment is already whole"
        case .identityLinked(let identity, let account):
            "subject '\(identity.subject)' of \(identity.issuer) is already linked to the account '\(account)'"
        case .schemaTooNew(let database, let newestKnown):
            "the database's schema is at version \(database), newer than this quill-server knows (up to \(newestKnown)): "
                + "a newer release migrated it. Run that release or a later one, or restore a backup taken before the upgrade; "
                + "nothing was changed"
        }
    }
}
