import Foundation
import PropertyBased
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// Notes the rules accept go into every server store by each write (create, replace, push) and
/// come back byte for byte through each read (one note, its stored JSON, the list, the change
/// feed, the feed's stored JSON).
@Suite("Round trips through the server stores")
struct ServerStoreRoundTripTests {
    static let date = Date(millisecondsSince1970: 1_767_225_600_123)

    @Test(.enabled(if: PropertyPostgres.url != nil, "PostgreSQL round trips skipped: run under Tools/with-postgres.sh"))
    func postgresIsCovered() {
        #expect(ServerStoreKind.available.contains { $0.description == "PostgreSQL" })
    }

    @Test("create, replace and push; then read every way", arguments: ServerStoreKind.available)
    func writesReadBack(_ kind: ServerStoreKind) async throws {
        try await kind.withStore { store in
            let account = try await store.newAccount("property")
            var expected: [NoteID: Content] = [:]
            var counter: UInt64 = 0
            await propertyCheck(count: Budget.slowCases, input: NastyText.inputs) { input in
                counter += 1
                let created = NoteID(high: 1, low: counter), pushed = NoteID(high: 2, low: counter)
                guard case .success(let note) = Oracle(input, id: created, at: Self.date).verdict else { return }
                let stored = try await store.create(note, account: account)
                #expect(Content(stored) == Content(note))
                try await Self.expectReadsBack(note, from: store, account: account)

                let replaced = try await store.replace(note, account: account, ifRevision: 1, origin: .api)
                #expect(Content(replaced) == Content(note) && replaced.revision == 2)
                try await Self.expectReadsBack(note, from: store, account: account)
                expected[created] = Content(note)

                guard let requestID = PushRequestID("push-\(counter)") else { return }
                let copy = try Note(id: pushed, title: note.title, body: note.body, tags: note.tags, created: note.created, updated: note.updated)
                let outcomes = try await PushReplay(store).pushOutcomes([PushedChange(note: copy, baseRevision: nil, mayMerge: false)], requestID: requestID, account: account, at: Self.date)
                #expect(outcomes.map { Content($0.note) } == [Content(note)])
                // Asked again, the push is answered from the stored outcomes.
                let again = try await PushReplay(store).pushOutcomes([PushedChange(note: copy, baseRevision: nil, mayMerge: false)], requestID: requestID, account: account, at: Self.date)
                #expect(again.map { Content($0.note) } == [Content(note)])
                try await Self.expectReadsBack(copy, from: store, account: account)
                expected[pushed] = Content(note)
            }
            try await Self.expectListAndFeed(expected, of: store, account: account)
        }
    }

    static func expectReadsBack(_ note: Note, from store: any ServerStore, account: AccountID,
                                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let read = try #require(try await store.note(note.id, account: account), sourceLocation: sourceLocation)
        #expect(Content(read) == Content(note), sourceLocation: sourceLocation)
        if let encoded = try await store.encodedNote(note.id, account: account) {
            let document = try JSONDecoder().decode(NoteDocument.self, from: Data(encoded.json))
            #expect(Content(document) == Content(note), sourceLocation: sourceLocation)
            #expect(try NoteJSON.decode(Data(encoded.json)).id == note.id, sourceLocation: sourceLocation)
        }
    }

    /// Every page of the list and of the change feed (decoded and stored-JSON forms) holds exactly `expected`.
    static func expectListAndFeed(_ expected: [NoteID: Content], of store: any ServerStore, account: AccountID) async throws {
        var listed: [NoteID: Content] = [:]
        var after: NoteID?
        while true {
            let page = try await store.notes(account: account, after: after, limit: 37)
            #expect(page.unreadable.isEmpty, "\(page.unreadable)")
            for note in page.notes { listed[note.id] = Content(note) }
            guard page.hasMore, let last = page.last else { break }
            after = last
        }
        #expect(listed == expected)

        var fed: [NoteID: Content] = [:], encodedFed: [NoteID: Content] = [:]
        var cursor = ChangeCursor.beginning
        while true {
            let page = try await store.changes(account: account, after: cursor, limit: 41)
            #expect(page.unreadable.isEmpty, "\(page.unreadable)")
            for note in page.notes { fed[note.id] = Content(note) }
            if let encoded = try await store.encodedChanges(account: account, after: cursor, limit: 41) {
                let documents = try JSONDecoder().decode([NoteDocument].self, from: Data("[".utf8 + Array(encoded.pieces.joined()) + "]".utf8))
                for document in documents { encodedFed[document.id] = Content(document) }
                #expect(encoded.next == page.next)
            } else {
                for note in page.notes { encodedFed[note.id] = Content(note) }
            }
            guard page.hasMore else { break }
            cursor = page.next
        }
        #expect(fed == expected)
        #expect(encodedFed == expected)
    }
}
