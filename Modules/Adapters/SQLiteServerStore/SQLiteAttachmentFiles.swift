import Foundation
import POSIXFileKit
import QuillModels
import ServerStoreInterface

/// Where the SQLite store keeps attachments' bytes: a file each, beside the database, at
/// `attachments/<account id>/<sha256>` in its directory (docs/attachments.md).
///
/// Exists so that a big attachment is written once, as a file, rather than twice into the
/// database (its write-ahead log, then the database itself) and read back through it. The
/// `attachments` table stays the record of how much arrived and whether it is whole: a file
/// holds bytes only up to what its row says, and one without a row is a leftover.
struct SQLiteAttachmentFiles: Sendable {
    /// The folder of every account's attachment files.
    let directory: String

    /// Beside the database at `databasePath`.
    init(databasePath: String) {
        let parent = POSIXFile.parent(of: databasePath)
        directory = (parent.isEmpty ? "." : parent) + "/attachments"
    }

    func folder(of account: AccountID) -> String { directory + "/\(account.rawValue)" }

    func path(_ hash: AttachmentHash, account: AccountID) -> String { folder(of: account) + "/" + hash.hex }

    /// Writes `bytes` at `offset` of the attachment's file, creating its folders as needed (made
    /// durable at once: it happens once per account).
    func write(_ bytes: [UInt8], _ hash: AttachmentHash, account: AccountID, at offset: Int64) throws(POSIXFileError) {
        if offset == 0, access(folder(of: account), F_OK) != 0 {
            try POSIXFile.createDirectory(folder(of: account), mode: 0o700)
            try POSIXFile.syncDirectory(directory)
            try POSIXFile.syncDirectory(POSIXFile.parent(of: directory))
        }
        try POSIXFile.write(bytes, to: path(hash, account: account), at: offset, permissions: .exactly(0o600))
    }

    /// Makes the whole file durable, and its name with it.
    func sync(_ hash: AttachmentHash, account: AccountID) throws(POSIXFileError) {
        try POSIXFile.sync(path(hash, account: account))
        try POSIXFile.syncDirectory(folder(of: account))
    }

    func read(_ hash: AttachmentHash, account: AccountID, at offset: Int64, count: Int) throws(POSIXFileError) -> [UInt8] {
        try POSIXFile.read(path(hash, account: account), at: offset, count: count)
    }

    /// The attachment's file, opened for reading; `nil` if there is none.
    func open(_ hash: AttachmentHash, account: AccountID) throws(POSIXFileError) -> OpenedFile? {
        do {
            return try OpenedFile(reading: path(hash, account: account))
        } catch where error.code == ENOENT {
            return nil
        }
    }

    /// The names in the account's folder; none if it has no folder.
    func names(of account: AccountID) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder(of: account))) ?? []
    }

    /// Removes the attachment's file; nothing if there is none.
    func remove(_ hash: AttachmentHash, account: AccountID) {
        unlink(path(hash, account: account))
    }

    /// Removes the account's folder and every file in it.
    func removeAll(of account: AccountID) {
        try? FileManager.default.removeItem(atPath: folder(of: account))
    }
}
