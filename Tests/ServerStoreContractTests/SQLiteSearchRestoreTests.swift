import Foundation
import QuillModels
import ServerStoreInterface
@testable import SQLiteServerStore
import Testing

/// The SQLite search index finds notes by rowid: after a backup and a restore (both `VACUUM
/// INTO`) it must still find exactly the restored notes, and keep up with writes after.
@Suite struct SQLiteSearchRestoreTests {
    @Test func aRestoredStoreSearchesItsNotes() async throws {
        let directory = try temporaryDirectory("quill-search-restore")
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = directory.appendingPathComponent("original/quill.sqlite").path
        try FileManager.default.createDirectory(atPath: (original as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: original)
        try await store.migrate()
        let account = try await store.newAccount("alice")
        for index in 0..<20 { _ = try await store.create(try Sample.note(String(format: "b%02x", index), title: "note \(index) harbour"), account: account) }
        for index in stride(from: 0, to: 20, by: 3) {
            _ = try await store.delete(try #require(NoteID(String(format: "b%02x", index))), account: account, ifRevision: 1, at: Sample.date, origin: .api)
        }
        _ = try await store.replace(try Sample.note("b01", title: "renamed"), account: account, ifRevision: 1, origin: .api)
        store.close()

        let backup = directory.appendingPathComponent("backup.sqlite").path
        _ = try SQLiteBackup.backup(databaseAt: original, to: backup)
        let restoredPath = directory.appendingPathComponent("restored/quill.sqlite").path
        _ = try SQLiteBackup.restore(from: backup, toDatabaseAt: restoredPath)
        let restored = try SQLiteServerStore(path: restoredPath)
        defer { restored.close() }
        try await restored.migrate()
        let expected = (0..<20).filter { $0 % 3 != 0 && $0 != 1 }.map { String(format: "b%02x", $0) }
        let found = try await restored.search(try SearchQuery("harbour"), account: account, tagged: nil, after: nil, limit: 100)
        #expect(found.notes.map(\.id.rawValue).sorted() == expected)
        _ = try await restored.replace(try Sample.note("b02", title: "moved"), account: account, ifRevision: 1, origin: .api)
        let after = try await restored.search(try SearchQuery("harbour"), account: account, tagged: nil, after: nil, limit: 100)
        #expect(after.notes.map(\.id.rawValue).sorted() == expected.filter { $0 != "b02" })
        #expect(try await restored.search(try SearchQuery("moved"), account: account, tagged: nil, after: nil, limit: 100).notes.map(\.id.rawValue) == ["b02"])
    }

    /// Notes in Chinese, Japanese and Korean written before the search index cut them into pairs
    /// (schema 11) are found after the upgrade, edited and deleted as well as new ones; and a
    /// backup restored later still finds them.
    @Test func cjkNotesWrittenBeforeTheUpgradeAreFoundAfterIt() async throws {
        let directory = try temporaryDirectory("quill-cjk-upgrade")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path
        let old = try SQLiteServerStore(path: path)
        try old.migrate(to: SQLiteMigrations.all.filter { $0.version <= 11 })
        let account = try await old.newAccount("alice")
        try EarlierSQLiteServer.write([try Sample.note("c1", title: "同步说明", body: "我们每天同步数据。"),
                                       try Sample.note("c2", title: "English", body: "plain text"),
                                       try Sample.note("c3", title: "동기화", body: "노트를 동기화를 하려면")],
                                      account: account, databaseAt: path)
        old.close()

        let store = try SQLiteServerStore(path: path)
        try await store.migrate()
        func found(_ text: String, in store: SQLiteServerStore) async throws -> [String] {
            try await store.search(try SearchQuery(text), account: account, tagged: nil, after: nil, limit: 100).notes.map(\.id.rawValue).sorted()
        }
        #expect(try await found("数据", in: store) == ["c1"])
        #expect(try await found("동기화", in: store) == ["c3"])
        #expect(try await found("plain", in: store) == ["c2"])
        _ = try await store.replace(try Sample.note("c1", title: "说明", body: "内容", revision: 2), account: account, ifRevision: 1, origin: .api)
        #expect(try await found("数据", in: store).isEmpty)
        #expect(try await found("内容", in: store) == ["c1"])
        store.close()

        let backup = directory.appendingPathComponent("backup.sqlite").path
        _ = try SQLiteBackup.backup(databaseAt: path, to: backup)
        let restoredPath = directory.appendingPathComponent("restored/quill.sqlite").path
        _ = try SQLiteBackup.restore(from: backup, toDatabaseAt: restoredPath)
        let restored = try SQLiteServerStore(path: restoredPath)
        defer { restored.close() }
        try await restored.migrate()
        #expect(try await found("동기화", in: restored) == ["c3"])
        #expect(try await found("内容", in: restored) == ["c1"])
    }
}
