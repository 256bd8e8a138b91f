import Foundation
import POSIXFileKit
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// Consistent copies of the SQLite store's file, taken while servers use it, and their restoration.
///
/// Exists because copying a WAL-mode database file by hand while it is written can copy a
/// torn state; `VACUUM INTO` copies one read transaction's snapshot instead.
public enum SQLiteBackup {
    /// Why a backup or a restore was refused; nothing was written.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Writes a consistent copy of the database at `database` to the new file `destination`,
    /// while other connections read and write it. Returns the copy's schema version.
    public static func backup(databaseAt database: String, to destination: String) throws -> Int64 {
        guard FileManager.default.fileExists(atPath: database) else {
            throw Refusal(description: "there is no database at \(database): nothing to back up")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw Refusal(description: "\(destination) already exists; a backup is written to a new file only")
        }
        do {
            let connection = try SQLiteConnection.serverStore(path: database)
            defer { connection.close() }
            try connection.query("VACUUM INTO ?", [.text(destination)])
            try embedAttachmentFiles(of: database, into: destination)
        } catch let error as SQLiteError {
            try? FileManager.default.removeItem(atPath: destination)
            throw Refusal(description: "cannot back up \(database) to \(destination): \(error.message)")
        } catch let error as POSIXFileError {
            try? FileManager.default.removeItem(atPath: destination)
            throw Refusal(description: "cannot back up \(database) to \(destination): \(error)")
        }
        return try schemaVersion(ofBackup: destination)
    }

    /// Copies the attachments the database keeps in files (`SQLiteAttachmentFiles`) into the
    /// backup's `attachment_chunks`, so that a backup stays one file, which restores as it is (an
    /// older release's too). A file shorter than its row (collected since the copy's snapshot) is
    /// left out with its row.
    private static func embedAttachmentFiles(of database: String, into backup: String) throws {
        let files = SQLiteAttachmentFiles(databasePath: database)
        let connection = try SQLiteConnection(path: backup, access: .readWrite, busyTimeout: .seconds(5))
        defer { connection.close() }
        var columns = Set<String>()
        try connection.query("SELECT name FROM pragma_table_info('attachments')") { columns.insert($0.text(0)) }
        guard columns.contains("in_file") else { return }
        try connection.transaction {
            var inFiles: [(account: AccountID, hash: AttachmentHash, received: Int64)] = []
            try connection.query("SELECT account_id, sha256, received FROM attachments WHERE in_file = 1") { row in
                if let hash = AttachmentHash(row.text(1)) { inFiles.append((AccountID(row.integer(0)), hash, row.integer(2))) }
            }
            for attachment in inFiles {
                let key: [SQLiteValue] = [.integer(attachment.account.rawValue), .text(attachment.hash.hex)]
                var offset: Int64 = 0
                while offset < attachment.received {
                    let count = Int(min(Int64(1 << 20), attachment.received - offset)) // pieces of 1 MiB, as the server stores them
                    let bytes = (try? files.read(attachment.hash, account: attachment.account, at: offset, count: count)) ?? []
                    guard !bytes.isEmpty else { break }
                    try connection.query("INSERT INTO attachment_chunks (account_id, sha256, start, bytes) VALUES (?, ?, ?, ?)",
                                         key + [.integer(offset), .blob(bytes)])
                    offset += Int64(bytes.count)
                }
                if offset < attachment.received {
                    for table in ["attachment_chunks", "attachments"] {
                        try connection.query("DELETE FROM \(table) WHERE account_id = ? AND sha256 = ?", key)
                    }
                } else {
                    try connection.query("UPDATE attachments SET in_file = 0 WHERE account_id = ? AND sha256 = ?", key)
                }
            }
        }
    }

    /// Copies the backup at `backup` to `database`, which must not exist yet and whose directory
    /// must be empty or missing: a restore never overwrites a store. The backup is checked first
    /// (an SQLite file of a Quill schema version this code knows, passing SQLite's quick check).
    /// Returns the backup's schema version.
    public static func restore(from backup: String, toDatabaseAt database: String) throws -> Int64 {
        let version = try schemaVersion(ofBackup: backup)
        let directory = URL(fileURLWithPath: database).deletingLastPathComponent().path
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard !FileManager.default.fileExists(atPath: database), existing.isEmpty else {
            throw Refusal(description: "\(directory) is not empty (\(existing.sorted().prefix(3).joined(separator: ", "))); "
                + "a restore writes only into an empty data directory, so it never overwrites a store: "
                + "stop the server and move the directory aside, or restore into a new one")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            let connection = try SQLiteConnection.inspecting(path: backup)
            defer { connection.close() }
            try connection.query("VACUUM INTO ?", [.text(database)])
            // The search index (schema version 6) finds notes by rowid, which VACUUM may renumber:
            // rebuilt from the restored notes, it cannot point at the wrong ones. From version 12
            // it indexes `quill_search_text` of the text, before it the text itself ('rebuild').
            if version >= 6 {
                let restored = try SQLiteConnection.serverStore(path: database)
                defer { restored.close() }
                try restored.execute(version >= 12
                    ? "INSERT INTO notes_search (notes_search) VALUES ('delete-all'); "
                        + "INSERT INTO notes_search (rowid, title, body) "
                        + "SELECT rowid, quill_search_text(title), quill_search_text(body) FROM notes WHERE deleted = 0"
                    : "INSERT INTO notes_search (notes_search) VALUES ('rebuild')")
                if version >= 16 { try restored.execute("DELETE FROM notes_search_queue") }
            }
        } catch let error as SQLiteError {
            throw Refusal(description: "cannot restore \(backup) to \(database): \(error.message)")
        }
        return version
    }

    /// The Quill schema version of the SQLite file at `path`, read without changing it; refuses
    /// anything else (another kind of file, another application's database, a damaged file, or
    /// a schema version newer than this code knows).
    public static func schemaVersion(ofBackup path: String) throws -> Int64 {
        guard FileManager.default.fileExists(atPath: path) else { throw Refusal(description: "there is no file at \(path)") }
        let known = SQLiteMigrations.all.map(\.version)
        do {
            let connection = try SQLiteConnection.inspecting(path: path)
            defer { connection.close() }
            var check = ""
            try connection.query("PRAGMA quick_check") { check = $0.text(0) }
            guard check == "ok" else { throw Refusal(description: "\(path) is a damaged SQLite file: \(check)") }
            var tables = Set<String>()
            try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") { tables.insert($0.text(0)) }
            guard tables.isSuperset(of: ["schema_migrations", "accounts", "tokens", "notes"]) else {
                throw Refusal(description: "\(path) is an SQLite file but not a Quill server database")
            }
            var versions: [Int64] = []
            try connection.query("SELECT version FROM schema_migrations") { versions.append($0.integer(0)) }
            guard let newest = versions.max() else { throw Refusal(description: "\(path) records no schema version") }
            guard let newestKnown = known.max(), newest <= newestKnown else {
                throw Refusal(description: "\(path) has schema version \(newest), newer than this quill-server knows "
                    + "(up to \(known.max() ?? 0)): restore it with the release that wrote it")
            }
            return newest
        } catch let error as SQLiteError {
            throw Refusal(description: "\(path) is not a Quill server database: \(error.message)")
        }
    }
}
