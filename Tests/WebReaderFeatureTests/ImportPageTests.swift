import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerStoreInterface
import Testing

/// `/import` takes the files `quill import` takes, from a browser's form, and says what it did;
/// "Check only" writes nothing; a file that is not an import is said so, and nothing is written.
@Suite struct ImportPageTests {
    let alice = AccountID(1)
    static let enex = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps/evernote/linked_notes.enex")

    @Test func anExportImportsFromTheFormAndTheReportSaysWhat() async throws {
        let server = try await WebTestServer.make()
        let enex = Array(try Data(contentsOf: Self.enex))
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let list = try await browser.get("/")
            #expect(list.text.contains(#"<a href="/import">Import</a>"#))
            let form = try await browser.get("/import")
            #expect(form.status == .ok && form.text.contains(#"<input id="file" name="file" type="file" required>"#))
            #expect(form.text.contains(#"<label for="dry_run">Check only (import nothing)</label>"#))

            let checked = try await browser.postMultipart("/import", [("csrf", try form.csrf()), ("dry_run", "on")],
                                                          files: [("file", "Linked.enex", enex)])
            #expect(checked.status == .ok && checked.text.contains("<h1>Would import 7 notes</h1>"), "\(checked.text)")
            #expect(try await server.store.notes(account: alice, after: nil, limit: 100).notes.isEmpty)

            let imported = try await browser.postMultipart("/import", [("csrf", try form.csrf())], files: [("file", "Linked.enex", enex)])
            #expect(imported.text.contains("<h1>Imported 7 notes</h1>") && imported.text.contains("From an Evernote export (ENEX)."))
            #expect(imported.text.contains("3 links between the notes found their note"))
            let notes = try await server.store.notes(account: alice, after: nil, limit: 100).notes
            #expect(notes.count == 7 && notes.allSatisfy { $0.tags.map(\.rawValue).contains("linked") })
        }
    }

    @Test func aFileThatIsNotAnImportIsSaidSoAndTheFormTokenComesFirst() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            try await browser.signIn(server.alice)
            let form = try await browser.get("/import")
            let refused = try await browser.postMultipart("/import", [("csrf", try form.csrf())],
                                                          files: [("file", "notes.txt", Array("just text".utf8))])
            #expect(refused.status == .badRequest && refused.text.contains(#"role="alert""#))
            #expect(refused.text.contains("Import refused: not a format an import reads"))
            let forged = try await browser.postMultipart("/import", [], files: [("file", "Linked.enex", Array(try Data(contentsOf: Self.enex)))])
            #expect(forged.status == .forbidden)
            let none = try await browser.postMultipart("/import", [("csrf", try form.csrf())], files: [("file", "", [])])
            #expect(none.status == .badRequest && none.text.contains("No file was chosen"))
            #expect(try await server.store.notes(account: alice, after: nil, limit: 100).notes.isEmpty)
        }
    }
}
