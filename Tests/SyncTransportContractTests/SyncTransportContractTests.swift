import Crypto
import Foundation
import QuillModels
import ScratchDirectories
import SyncTransportInterface
import Testing

/// The v1 sync API as a client sees it, checked on every `SyncTransport`: the in-memory
/// `FakeSyncServer` and `HTTPSyncTransport` talking to a real `quill-server`.
/// Keeping the fake honest is what makes the engine's unit tests and simulation meaningful.
@Suite("SyncTransport contract", .serialized, .scratchDirectory)
struct SyncTransportContractTests {
    func note(_ title: String, body: String = "", deleted: Bool = false) throws -> Note {
        let date = Date(millisecondsSince1970: 1_795_000_000_000)
        let id = NoteID(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))!
        let note = try Note(id: id, title: title, body: body, tags: [Tag("t")], created: date, updated: date)
        return deleted ? note.deleted(at: date) : note
    }

    @Test("info says API version 1", arguments: Implementation.allCases)
    func info(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        #expect(try await transport.serverInfo() == ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true,
                                                               answersAppliedByRevision: true, merges: true, streamsEvents: true,
                                                               maximumAttachmentBytes: 100 << 20, offersShares: true))
    }

    @Test("The event stream gives each change after the cursor once, in order, then each change as it is written; a cursor ahead of the feed gets resync",
          arguments: Implementation.allCases)
    func events(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let first = try note("First"), second = try note("Second"), later = try note("Later")
        let start = try await transport.changes(since: nil, limit: 10).next
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [first, second].map { OutgoingChange(note: $0, baseRevision: nil) }))
        let (events, received) = AsyncStream<ServerEvent>.makeStream()
        // The stream ends whenever the following does, a failure included: a test waiting on it
        // then fails instead of waiting for ever.
        let following = Task {
            defer { received.finish() }
            try await transport.followEvents(after: start) { received.yield($0) }
        }
        defer { following.cancel() }
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .ready(cursor: start))
        guard case .noteChanged(let firstCursor, first.id, 1)? = await iterator.next(),
              case .noteChanged(let secondCursor, second.id, 1)? = await iterator.next() else {
            Issue.record("the two notes pushed before the stream opened, in order")
            return
        }
        #expect(try await transport.changes(since: firstCursor, limit: 10).changes.map(\.id) == [second.id])
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: later, baseRevision: nil)]))
        guard case .noteChanged(let laterCursor, later.id, 1)? = await iterator.next() else {
            Issue.record("the note pushed while the stream was open")
            return
        }
        #expect(try await transport.changes(since: secondCursor, limit: 10).next == laterCursor)
        following.cancel()

        let ahead = SyncCursor(String((Int(laterCursor.rawValue) ?? 0) + 1000))
        let (resyncs, receivedAgain) = AsyncStream<ServerEvent>.makeStream()
        let again = Task {
            defer { receivedAgain.finish() }
            try await transport.followEvents(after: ahead) { receivedAgain.yield($0) }
        }
        defer { again.cancel() }
        var resyncing = resyncs.makeAsyncIterator()
        #expect(await resyncing.next() == .resync(cursor: laterCursor))
        await #expect(throws: SyncError.self) { try await transport.followEvents(after: SyncCursor("not-a-cursor")) { _ in } }
    }

    @Test("An attachment uploads in pieces, resumes where the server stopped, and downloads in any range", arguments: Implementation.allCases)
    func attachments(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ Int.random(in: 0...255)) }
        let hash = try #require(AttachmentHash(digest: SHA256.hash(data: bytes)))
        #expect(try await transport.attachment(hash) == .absent)
        #expect(try await transport.uploadAttachment(hash, bytes: Array(bytes[0..<40_000]), offset: 0, total: 100_000) == .partial(received: 40_000))
        #expect(try await transport.attachment(hash) == .partial(received: 40_000))
        await #expect(throws: SyncError.self) {
            _ = try await transport.uploadAttachment(hash, bytes: Array(bytes[0..<10]), offset: 0, total: 100_000)
        }
        #expect(try await transport.uploadAttachment(hash, bytes: Array(bytes[40_000...]), offset: 40_000, total: 100_000) == .whole(size: 100_000))
        #expect(try await transport.attachment(hash) == .whole(size: 100_000))
        #expect(try await download(hash, from: 0, transport) == bytes)
        #expect(try await download(hash, from: 99_990, transport) == Array(bytes[99_990...]))
        #expect(try await download(hash, from: 100_000, transport) == [], "nothing after the end")
        // One request carries any size, read from the source as the connection takes it.
        let big = (0..<(3 << 20) + 5).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        let bigHash = try #require(AttachmentHash(digest: SHA256.hash(data: big)))
        #expect(try await transport.uploadAttachment(bigHash, from: BytesUploadSource(big), offset: 0, count: 1000,
                                                     total: Int64(big.count)) == .partial(received: 1000))
        #expect(try await transport.uploadAttachment(bigHash, from: BytesUploadSource(Array(big[1000...])), offset: 1000,
                                                     count: Int64(big.count - 1000), total: Int64(big.count)) == .whole(size: Int64(big.count)))
        var pieces = 0
        var received: [UInt8] = []
        try await transport.downloadAttachment(bigHash, from: 0) { received += $0; pieces += 1 }
        #expect(received == big && pieces > 1, "handed on in pieces as they arrive")
        let wrong = try #require(AttachmentHash(String(repeating: "00", count: 32)))
        await #expect(throws: SyncError.self) { _ = try await transport.uploadAttachment(wrong, bytes: [1, 2, 3], offset: 0, total: 3) }
        #expect(try await transport.attachment(wrong) == .absent, "bytes that did not match are dropped")
        let empty = try #require(AttachmentHash(digest: SHA256.hash(data: [UInt8]())))
        #expect(try await transport.uploadAttachment(empty, bytes: [], offset: 0, total: 0) == .whole(size: 0))
    }

    func download(_ hash: AttachmentHash, from offset: Int64, _ transport: any SyncTransport) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        try await transport.downloadAttachment(hash, from: offset) { bytes += $0 }
        return bytes
    }

    @Test("The server keeps every revision a push replaced, newest first, with its origin", arguments: Implementation.allCases)
    func history(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let first = try note("Kept", body: "one\ntwo\n")
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: first, baseRevision: nil)]))
        let second = try first.revised(body: "one\n2\n", at: first.updated.addingTimeInterval(1)).withRevision(2)
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: second, baseRevision: 1)]))
        let gone = try second.deleted(at: second.updated.addingTimeInterval(1)).withRevision(3)
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: gone, baseRevision: 2)]))
        let history = try await transport.history(of: first.id)
        #expect(history == [NoteRevision(note: gone, origin: .sync), NoteRevision(note: second, origin: .sync),
                            NoteRevision(note: try first.withRevision(1), origin: .created)])
        #expect(try await transport.history(of: try note("Never sent").id).isEmpty)
    }

    @Test("A new account has no changes", arguments: Implementation.allCases)
    func emptyFeed(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let page = try await transport.changes(since: nil, limit: 10)
        #expect(page.changes.isEmpty && !page.hasMore)
        let again = try await transport.changes(since: page.next, limit: 10)
        #expect(again.changes.isEmpty && !again.hasMore)
    }

    @Test("Push creates at revision 1 or the client's own number, keeps the client's fields; base = current applies the next revision; anything else conflicts",
          arguments: Implementation.allCases, [false, true])
    func pushRule(_ implementation: Implementation, asksAppliedByRevision: Bool) async throws {
        func request(_ changes: [OutgoingChange]) -> PushRequest {
            PushRequest(requestID: UUID().uuidString, changes: changes, asksAppliedByRevision: asksAppliedByRevision)
        }
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let first = try note("First", body: "hello")
        let created = try await transport.push(request([
            OutgoingChange(note: first, baseRevision: nil),
        ]))
        #expect(created.results == [.applied(first)])

        let edited = try first.revised(body: "edited", at: first.updated.addingTimeInterval(1))
        let results = try await transport.push(request([
            OutgoingChange(note: edited, baseRevision: 1),
            OutgoingChange(note: try first.revised(body: "stale", at: first.updated), baseRevision: 1),
            OutgoingChange(note: first, baseRevision: nil),
        ]))
        let current = try edited.withRevision(2)
        #expect(results.results == [.applied(current), .conflict(current), .conflict(current)])

        // A client that edited offline numbered its revisions already: a number ahead is kept.
        let second = try note("Second", body: "offline").withRevision(3)
        let ahead = try await transport.push(request([
            OutgoingChange(note: second, baseRevision: nil),
            OutgoingChange(note: try edited.revised(body: "again", at: edited.updated).withRevision(7), baseRevision: 2),
        ]))
        #expect(ahead.results == [.applied(second), .applied(try edited.revised(body: "again", at: edited.updated).withRevision(7))])
    }

    @Test("A stale push that asks for merges gets the merge of edits of other lines; one that does not, a conflict",
          arguments: Implementation.allCases)
    func mergedPush(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let first = try note("Plan", body: "one\ntwo\nthree\n")
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: first, baseRevision: nil)]))
        let theirs = try first.revised(body: "one\ntwo\nTHREE\n", at: first.updated.addingTimeInterval(1))
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: theirs, baseRevision: 1)]))
        let mine = try first.revised(body: "ONE\ntwo\nthree\n", at: first.updated.addingTimeInterval(2))
        let refused = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: mine, baseRevision: 1)]))
        #expect(refused.results == [.conflict(try theirs.withRevision(2))])
        let merged = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: mine, baseRevision: 1)],
                                                          asksAppliedByRevision: true, asksMerge: true))
        #expect(merged.results.map(\.note.body) == ["ONE\ntwo\nTHREE\n"] && merged.results.map(\.note.revision) == [3])
        guard case .merged? = merged.results.first else {
            Issue.record("not answered as merged: \(merged.results)")
            return
        }
    }

    @Test("The same request ID returns the first answer and applies nothing again", arguments: Implementation.allCases)
    func idempotentPush(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let a = try note("A")
        let request = PushRequest(requestID: "req-\(UUID().uuidString)", changes: [OutgoingChange(note: a, baseRevision: nil)])
        let first = try await transport.push(request)
        let second = try await transport.push(request)
        #expect(first.results == second.results)
        #expect(first.results == [.applied(a)])
        let feed = try await transport.changes(since: nil, limit: 10)
        #expect(feed.changes == [a])
    }

    @Test("The same request ID with other changes is refused (requestIDReused) and applies nothing", arguments: Implementation.allCases)
    func reusedRequestID(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let a = try note("A"), b = try note("B")
        let requestID = "req-\(UUID().uuidString)"
        let first = try await transport.push(PushRequest(requestID: requestID, changes: [OutgoingChange(note: a, baseRevision: nil)]))
        await #expect(throws: SyncError.requestIDReused(requestID)) {
            try await transport.push(PushRequest(requestID: requestID, changes: [
                OutgoingChange(note: a, baseRevision: nil), OutgoingChange(note: b, baseRevision: nil),
            ]))
        }
        #expect(try await transport.push(PushRequest(requestID: requestID, changes: [OutgoingChange(note: a, baseRevision: nil)])).results
                == first.results)
        #expect(try await transport.changes(since: nil, limit: 10).changes == [a])
    }

    @Test("A push answers the span of the feed it wrote and, sent with the latest cursor, the cursor after it; a retry the same",
          arguments: Implementation.allCases)
    func pushMovesTheCursor(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString, changes: [OutgoingChange(note: try note("Before"), baseRevision: nil)]))
        let latest = try await transport.changes(since: nil, limit: 10).next
        let mine = try (1...3).map { try note("Mine \($0)") }
        let request = PushRequest(requestID: UUID().uuidString, changes: mine.map { OutgoingChange(note: $0, baseRevision: nil) }, since: latest)
        let reply = try await transport.push(request)
        let next = try #require(reply.next)
        let after = try await transport.changes(since: next, limit: 10)
        #expect(after.changes.isEmpty && !after.hasMore)
        #expect(try await transport.changes(since: latest, limit: 10).changes == mine)
        #expect(reply.written == PushWrittenSpan(after: latest, through: next))
        #expect(try await transport.push(request) == reply)

        let stale = try await transport.push(PushRequest(requestID: UUID().uuidString,
                                                         changes: [OutgoingChange(note: try note("Later"), baseRevision: nil)], since: latest))
        #expect(stale.next == nil && stale.written?.after == next)
        #expect(try await transport.push(PushRequest(requestID: UUID().uuidString,
                                                     changes: [OutgoingChange(note: try note("No cursor"), baseRevision: nil)])).next == nil)
    }

    @Test("The change feed lists each note once at its latest version, in write order, page by page, tombstones included",
          arguments: Implementation.allCases)
    func changeFeed(_ implementation: Implementation) async throws {
        let (transport, finish) = try await implementation.makeTransport()
        defer { finish() }
        let notes = try (1...5).map { try note("Note \($0)") }
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString,
                                                 changes: notes.map { OutgoingChange(note: $0, baseRevision: nil) }))
        let tombstone = notes[1].deleted(at: notes[1].updated.addingTimeInterval(1))
        _ = try await transport.push(PushRequest(requestID: UUID().uuidString,
                                                 changes: [OutgoingChange(note: tombstone, baseRevision: 1)]))
        var seen: [Note] = []
        var cursor: SyncCursor?
        var pages = 0
        while true {
            let page = try await transport.changes(since: cursor, limit: 2)
            seen += page.changes
            cursor = page.next
            pages += 1
            if !page.hasMore { break }
        }
        #expect(pages == 3)
        let expected = [notes[0], notes[2], notes[3], notes[4], try tombstone.withRevision(2)]
        #expect(seen == expected)
        let after = try await transport.changes(since: cursor, limit: 2)
        #expect(after.changes.isEmpty && !after.hasMore)
    }
}
