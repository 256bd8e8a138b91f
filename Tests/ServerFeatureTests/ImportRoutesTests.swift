import Foundation
import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// `POST /v1/imports` reads what `quill import` reads, into the account, all or nothing: the
/// notes in one push after their attachments, none when the file, an attachment or the quota
/// refuses it; a second import of the same export adds nothing.
@Suite struct ImportRoutesTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps")

    static func fixture(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appending(path: path))) }

    func live(_ server: TestServer, _ account: AccountID = AccountID(1)) async throws -> [Note] {
        try await server.store.notes(account: account, after: nil, limit: 1000).notes
    }

    @Test func anEvernoteExportBecomesNotesWithTheirAttachmentsOnce() async throws {
        let server = try await TestServer.make()
        let enex = try Self.fixture("evernote/images_with_and_without_size.enex")
        try await server.test { client in
            let checked = try await client.send(.post, "/v1/imports?dry_run=true&name=Pictures.enex", bytes: enex)
            #expect(checked.status == .ok, "\(checked.text)")
            let dryRun = try checked.decoded(ImportResultBody.self)
            #expect(!dryRun.applied && dryRun.added == 1 && dryRun.foreignFormat == "an Evernote export (ENEX)")
            #expect(try await live(server).isEmpty, "a dry run writes nothing")

            let imported = try await client.send(.post, "/v1/imports?name=Pictures.enex", bytes: enex).decoded(ImportResultBody.self)
            #expect(imported.applied && imported.added == 1 && imported.attachments == 2)
            let notes = try await live(server)
            #expect(notes.count == 1 && notes[0].tags.map(\.rawValue).contains("pictures"), "the file's name is the notebook")
            let referred = Set(AttachmentReference.scan(notes[0].body).map(\.hash))
            let held = try await server.store.attachments(account: AccountID(1))
            #expect(referred.count == 2 && referred.allSatisfy { held[$0]?.isComplete == true })

            let again = try await client.send(.post, "/v1/imports?name=Pictures.enex", bytes: enex).decoded(ImportResultBody.self)
            #expect(again.added == 0 && again.unchanged == 1)
            #expect(try await live(server).count == 1)
        }
    }

    /// A note changed in Evernote since an earlier import is written as its next revision, in
    /// the same push as the rest.
    @Test func anExportImportedAgainAfterAnEditThereUpdatesTheNote() async throws {
        let server = try await TestServer.make()
        let original = String(decoding: try Self.fixture("evernote/linked_notes.enex"), as: UTF8.self)
        var edited = original.replacing("<title>Note 2</title>\n    <created>20160730T111759Z</created>\n    <updated>20160730T111807Z</updated>",
                                        with: "<title>Note 2</title>\n    <created>20160730T111759Z</created>\n    <updated>20250101T000000Z</updated>")
        let noteTwo = try #require(edited.range(of: "<title>Note 2</title>"))
        let text = try #require(edited.range(of: "<div>Testing</div>", range: noteTwo.upperBound..<edited.endIndex))
        edited.replaceSubrange(text, with: "<div>Tested again</div>")
        let changed = Array(edited.utf8)
        try await server.test { client in
            #expect(try await client.send(.post, "/v1/imports?name=Linked.enex", bytes: Array(original.utf8)).status == .ok)
            let again = try await client.send(.post, "/v1/imports?name=Linked.enex", bytes: changed).decoded(ImportResultBody.self)
            #expect(again.updated == 1 && again.unchanged == 6 && again.added == 0, "\(again)")
            let two = try #require(try await live(server).first { $0.title == "Note 2" })
            #expect(two.body.contains("Tested again") && two.revision == 2)
            #expect(try await server.store.history(of: two.id, account: AccountID(1)).count == 2)
        }
    }

    /// The server's export imported into another account: the same notes, links between them kept.
    @Test func anExportImportsIntoAnotherAccount() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            #expect(try await client.send(.post, "/v1/imports", bytes: try Self.fixture("evernote/linked_notes.enex")).status == .ok)
            let archive = Array(try await client.send(.get, "/v1/export").body.readableBytesView)
            let answer = try await client.send(.post, "/v1/imports", bytes: archive, as: client.bob)
            let report = try answer.decoded(ImportResultBody.self)
            #expect(report.added == 7 && report.foreignFormat == nil, "\(answer.text)")
            let alice = try await live(server).map { [$0.id, $0.title, $0.body] as [AnyHashable] }
            let bob = try await live(server, AccountID(2)).map { [$0.id, $0.title, $0.body] as [AnyHashable] }
            #expect(Set(alice) == Set(bob))
        }
    }

    @Test func whatIsNotAnImportIsRefusedAndNothingIsWritten() async throws {
        let made = try await TestServer.make()
        var dependencies = made.dependencies
        dependencies.attachmentLimits = AttachmentLimits(maximumBytes: 3000)
        let server = TestServer(store: made.store, dependencies: dependencies, alice: made.alice, bob: made.bob)
        try await server.test { client in
            let garbage = try await client.send(.post, "/v1/imports", bytes: Array("hello, not an export".utf8))
            #expect(garbage.status == .badRequest && garbage.errorCode == "import_refused")
            #expect(garbage.text.contains("not a format an import reads") && !garbage.text.contains("folder"))
            let large = try await client.send(.post, "/v1/imports", bytes: try Self.fixture("evernote/linked_notes.enex") + Array(repeating: 32, count: 3000))
            #expect(large.status == .contentTooLarge && large.errorCode == "payload_too_large")
            let badName = try await client.send(.post, "/v1/imports?name=a%2Fb", bytes: Array("x".utf8))
            #expect(badName.status == .badRequest)
            // Small enough to send, but more than four times that once uncompressed: the notes would be held in memory.
            try await client.send(.post, "/v1/notes", as: client.bob, json: JSONSamples.note("b1", body: String(repeating: "a", count: 20_000)))
            let archive = Array(try await client.send(.get, "/v1/export", as: client.bob).body.readableBytesView)
            #expect(archive.count < 3000)
            let expanding = try await client.send(.post, "/v1/imports", bytes: archive)
            #expect(expanding.status == .badRequest && expanding.errorCode == "import_refused", "\(expanding.text)")
            #expect(try await live(server).isEmpty)
        }
    }

    @Test func anAttachmentOverTheQuotaRefusesTheWholeImport() async throws {
        let made = try await TestServer.make()
        var dependencies = made.dependencies
        dependencies.attachmentLimits = AttachmentLimits(maximumBytes: 1 << 20, quotaBytes: 100)
        let server = TestServer(store: made.store, dependencies: dependencies, alice: made.alice, bob: made.bob)
        try await server.test { client in
            let refused = try await client.send(.post, "/v1/imports", bytes: try Self.fixture("evernote/images_with_and_without_size.enex"))
            #expect(refused.status == .contentTooLarge && refused.errorCode == "quota_exceeded", "\(refused.text)")
            #expect(try await live(server).isEmpty, "no note refers to what was not kept")
        }
    }
}
