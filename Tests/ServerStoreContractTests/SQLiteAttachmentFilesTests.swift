import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
@testable import SQLiteServerStore
import Testing

/// The SQLite store keeps each attachment's bytes in a file beside the database, while those a
/// previous release kept in the database are read (and finished) where they are; a backup stays
/// one file that carries them all.
@Suite struct SQLiteAttachmentFilesTests {
    let hash = AttachmentHash(String(repeating: "e5", count: 32))!
    let older = AttachmentHash(String(repeating: "f6", count: 32))!
    let bytes = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 5) }

    func directory() throws -> URL {
        try temporaryDirectory("quill-attachment-files")
    }

    @Test func aNewAttachmentIsAFileBesideTheDatabaseAndGoesWithItsRow() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("quill.sqlite").path)
        defer { store.close() }
        try await store.migrate()
        let alice = try await store.newAccount("alice")
        _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: Array(bytes[0..<(1 << 20)]))
        _ = try await store.appendAttachment(hash, account: alice, offset: 1 << 20, bytes: Array(bytes[(1 << 20)...]))
        try await store.completeAttachment(hash, account: alice)
        let file = directory.appendingPathComponent("attachments/\(alice.rawValue)/\(hash.hex)").path
        #expect(FileManager.default.contents(atPath: file) == Data(bytes))
        #expect(try await store.readAttachment(hash, account: alice, offset: 1_000_000, count: 10) == Array(bytes[1_000_000..<1_000_010]))
        var chunks: Int64 = -1
        try SQLiteConnection(path: directory.appendingPathComponent("quill.sqlite").path, access: .readOnly, busyTimeout: .seconds(1))
            .query("SELECT count(*) FROM attachment_chunks") { chunks = $0.integer(0) }
        #expect(chunks == 0, "the bytes are not in the database too")

        try await store.discardAttachment(hash, account: alice)
        #expect(!FileManager.default.fileExists(atPath: file))
        _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: [1, 2, 3])
        let cursor = try await store.changes(account: alice, after: .beginning, limit: 10).next
        #expect(try await store.collectAttachments([hash], account: alice, unlessWrittenAfter: cursor))
        #expect(!FileManager.default.fileExists(atPath: file))
        _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: [1, 2, 3])
        try await store.deleteAccount(named: "alice")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("attachments/\(alice.rawValue)").path))
    }

    /// A database of the previous release (schema 12) holds attachments in `attachment_chunks`:
    /// after the upgrade they read as before, a partial one is finished there, and new ones are files.
    @Test func attachmentsOfThePreviousReleaseStayReadableAndAreFinishedWhereTheyAre() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path
        let old = try SQLiteServerStore(path: path)
        try old.migrate(to: SQLiteMigrations.all.filter { $0.version <= 12 })
        let alice = try await old.newAccount("alice")
        old.close()
        // As that release wrote them: a row each, the bytes in pieces.
        let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(1))
        for (hash, received, complete) in [(older, bytes.count, 1), (hash, 1000, 0)] {
            try connection.query("INSERT INTO attachments (account_id, sha256, received, complete) VALUES (?, ?, ?, ?)",
                                 [.integer(alice.rawValue), .text(hash.hex), .integer(Int64(received)), .integer(Int64(complete))])
            for start in stride(from: 0, to: received, by: 1 << 20) {
                try connection.query("INSERT INTO attachment_chunks (account_id, sha256, start, bytes) VALUES (?, ?, ?, ?)",
                                     [.integer(alice.rawValue), .text(hash.hex), .integer(Int64(start)),
                                      .blob(Array(bytes[start..<min(received, start + (1 << 20))]))])
            }
        }
        connection.close()

        let store = try SQLiteServerStore(path: path)
        defer { store.close() }
        try await store.migrate()
        #expect(try await store.readAttachment(older, account: alice, offset: 0, count: bytes.count) == bytes)
        var downloaded: [UInt8] = []
        let opened = try await store.openAttachment(older, account: alice)
        while try await opened.read(at: Int64(downloaded.count), count: 300_000, appendingTo: &downloaded) > 0 {}
        #expect(downloaded == bytes, "a download reads the pieces where they are")
        #expect(try await store.attachment(hash, account: alice) == ServerAttachment(received: 1000, isComplete: false))
        _ = try await store.appendAttachment(hash, account: alice, offset: 1000, bytes: Array(bytes[1000..<5000]))
        try await store.completeAttachment(hash, account: alice)
        #expect(try await store.readAttachment(hash, account: alice, offset: 0, count: 10_000) == Array(bytes[0..<5000]))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("attachments/\(alice.rawValue)/\(hash.hex)").path))
    }

    /// A crash can leave a file no row names (an upload's first piece written, its row never
    /// committed): the collection counts it, and removes it unless it only looks; files with a
    /// row, and names that are not an attachment's, stay.
    @Test func filesNoRowNamesAreLeftoversTheCollectionRemoves() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("quill.sqlite").path)
        defer { store.close() }
        try await store.migrate()
        let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
        _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: [1, 2, 3])
        let folder = directory.appendingPathComponent("attachments/\(alice.rawValue)")
        let orphan = folder.appendingPathComponent(older.hex).path, note = folder.appendingPathComponent("README").path
        #expect(FileManager.default.createFile(atPath: orphan, contents: Data([4, 5])))
        #expect(FileManager.default.createFile(atPath: note, contents: Data("mine".utf8)))

        #expect(try await store.attachmentLeftovers(account: alice, dryRun: true) == 1)
        #expect(FileManager.default.fileExists(atPath: orphan), "a dry run removes nothing")
        #expect(try await store.attachmentLeftovers(account: bob, dryRun: false) == 0, "an account without a folder has none")
        #expect(try await store.attachmentLeftovers(account: alice, dryRun: false) == 1)
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(FileManager.default.fileExists(atPath: note))
        #expect(try await store.readAttachment(hash, account: alice, offset: 0, count: 10) == [1, 2, 3])
        #expect(try await store.attachmentLeftovers(account: alice, dryRun: false) == 0)
    }

    /// A backup is one file: attachments kept in files are copied into it, and a restore into an
    /// empty directory serves them with no folder beside it.
    @Test func aBackupCarriesTheAttachmentFiles() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = directory.appendingPathComponent("original/quill.sqlite").path
        try FileManager.default.createDirectory(atPath: (original as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: original)
        try await store.migrate()
        let alice = try await store.newAccount("alice")
        _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: bytes)
        try await store.completeAttachment(hash, account: alice)
        _ = try await store.appendAttachment(older, account: alice, offset: 0, bytes: [7, 7, 7])
        store.close()

        let backup = directory.appendingPathComponent("backup.sqlite").path
        _ = try SQLiteBackup.backup(databaseAt: original, to: backup)
        let restoredPath = directory.appendingPathComponent("restored/quill.sqlite").path
        _ = try SQLiteBackup.restore(from: backup, toDatabaseAt: restoredPath)
        let restored = try SQLiteServerStore(path: restoredPath)
        defer { restored.close() }
        try await restored.migrate()
        #expect(try await restored.attachment(hash, account: alice) == ServerAttachment(received: Int64(bytes.count), isComplete: true))
        #expect(try await restored.readAttachment(hash, account: alice, offset: 0, count: bytes.count) == bytes)
        #expect(try await restored.readAttachment(older, account: alice, offset: 0, count: 10) == [7, 7, 7])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("restored/attachments").path))
    }
}
