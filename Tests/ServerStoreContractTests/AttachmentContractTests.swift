import Foundation
import QuillModels
import ServerStoreInterface
import Testing

/// What every server store keeps of an account's attachments (docs/attachments.md): SQLite,
/// PostgreSQL and the in-memory store answer alike.
@Suite struct AttachmentContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)
    let hash = AttachmentHash(String(repeating: "c3", count: 32))!

    @Test(arguments: implementations)
    func anUploadArrivesInPiecesResumesAndIsReadInAnyRange(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            #expect(try await store.attachment(hash, account: alice) == nil)
            #expect(try await store.appendAttachment(hash, account: alice, offset: 0, bytes: Array(bytes[0..<3000]))
                    == ServerAttachment(received: 3000, isComplete: false))
            await #expect(throws: ServerStoreError.attachmentOffset(received: 3000)) {
                _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: Array(bytes[0..<10]))
            }
            _ = try await store.appendAttachment(hash, account: alice, offset: 3000, bytes: Array(bytes[3000..<3001]))
            _ = try await store.appendAttachment(hash, account: alice, offset: 3001, bytes: Array(bytes[3001...]))
            #expect(try await store.attachment(hash, account: alice) == ServerAttachment(received: 10_000, isComplete: false))
            try await store.completeAttachment(hash, account: alice)
            #expect(try await store.attachment(hash, account: alice) == ServerAttachment(received: 10_000, isComplete: true))
            await #expect(throws: ServerStoreError.attachmentComplete) {
                _ = try await store.appendAttachment(hash, account: alice, offset: 10_000, bytes: [1])
            }
            let opened = try await store.openAttachment(hash, account: alice)
            for (offset, count) in [(0, 10_000), (0, 1), (2999, 3), (3000, 1), (2500, 5000), (9999, 10), (10_000, 5), (12_000, 5), (3001, 2)] {
                let expected = Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
                #expect(try await store.readAttachment(hash, account: alice, offset: Int64(offset), count: count) == expected,
                        "range \(offset)+\(count)")
                var read: [UInt8] = []
                #expect(try await opened.read(at: Int64(offset), count: count, appendingTo: &read) == expected.count)
                #expect(read == expected, "opened, range \(offset)+\(count), in any order")
            }
            #expect(try await store.attachment(hash, account: bob) == nil, "another account's attachment is not there")
            #expect(try await store.attachmentUsage(account: alice) == 10_000)
            #expect(try await store.attachmentUsage(account: bob) == 0)
            #expect(try await store.readAttachment(hash, account: bob, offset: 0, count: 10).isEmpty)
            #expect(try await store.attachmentLeftovers(account: alice, dryRun: false) == 0, "nothing left over without a crash")
            #expect(try await store.readAttachment(hash, account: alice, offset: 0, count: 10_000) == bytes)
        }
    }

    /// An opened attachment reads what `readAttachment` reads, piece after piece, appended to the
    /// caller's buffer, up to what had arrived when it was opened.
    @Test(arguments: implementations)
    func anOpenedAttachmentReadsItsBytesIntoTheCallersBuffer(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: Array(bytes[0..<6000]))
            let opened = try await store.openAttachment(hash, account: alice)
            _ = try await store.appendAttachment(hash, account: alice, offset: 6000, bytes: Array(bytes[6000...]))
            var read: [UInt8] = [9]
            for offset in stride(from: 0, to: 7000, by: 1024) {
                _ = try await opened.read(at: Int64(offset), count: 1024, appendingTo: &read)
            }
            #expect(read.count == 6001 && read == [9] + bytes[0..<6000],
                    "the bytes that had arrived when it was opened, after what the buffer held (\(read.count) bytes)")
            let whole = try await store.openAttachment(hash, account: alice)
            var all: [UInt8] = []
            #expect(try await whole.read(at: 2500, count: 10_000, appendingTo: &all) == 7500)
            #expect(all == Array(bytes[2500...]), "\(all.count) bytes")
            #expect(try await whole.read(at: 10_000, count: 10, appendingTo: &all) == 0)
            var nothing: [UInt8] = []
            #expect(try await store.openAttachment(hash, account: bob).read(at: 0, count: 10, appendingTo: &nothing) == 0)
            #expect(nothing.isEmpty, "another account's attachment is not there")
        }
    }

    @Test(arguments: implementations)
    func discardingAndDeletingTheAccountForgetTheBytes(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: [1, 2, 3])
            try await store.discardAttachment(hash, account: alice)
            #expect(try await store.attachment(hash, account: alice) == nil)
            _ = try await store.appendAttachment(hash, account: alice, offset: 0, bytes: [4, 5])
            try await store.completeAttachment(hash, account: alice)
            try await store.deleteAccount(named: "alice")
            let again = try await store.newAccount("alice")
            #expect(try await store.attachment(hash, account: again) == nil)
            #expect(try await store.readAttachment(hash, account: alice, offset: 0, count: 10).isEmpty)
        }
    }

    /// A store lists what an account holds, and forgets a list of attachments at once, but
    /// only if no note of the account was written after the cursor the caller read up to.
    @Test(arguments: implementations)
    func collectingForgetsNothingOnceANoteWasWrittenSince(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let other = AttachmentHash(String(repeating: "d4", count: 32))!
            for account in [alice, bob] {
                _ = try await store.appendAttachment(hash, account: account, offset: 0, bytes: [1, 2, 3])
                try await store.completeAttachment(hash, account: account)
            }
            _ = try await store.appendAttachment(other, account: alice, offset: 0, bytes: [9])
            #expect(try await store.attachments(account: alice)
                    == [hash: ServerAttachment(received: 3, isComplete: true), other: ServerAttachment(received: 1, isComplete: false)])
            _ = try await store.create(try Sample.note("0a0a0a0a0a0a0a0a"), account: alice)
            let cursor = try await store.changes(account: alice, after: .beginning, limit: 10).next
            #expect(try await store.collectAttachments([hash], account: alice, unlessWrittenAfter: cursor))
            #expect(try await store.attachments(account: alice) == [other: ServerAttachment(received: 1, isComplete: false)])
            #expect(try await store.attachment(hash, account: bob) == ServerAttachment(received: 3, isComplete: true), "another account keeps its own")
            _ = try await store.create(try Sample.note("0b0b0b0b0b0b0b0b"), account: alice)
            #expect(try await !store.collectAttachments([other], account: alice, unlessWrittenAfter: cursor))
            #expect(try await store.attachment(other, account: alice) != nil)
            let later = try await store.changes(account: alice, after: .beginning, limit: 10).next
            #expect(try await store.collectAttachments([other], account: alice, unlessWrittenAfter: later))
            #expect(try await store.attachments(account: alice).isEmpty)
            #expect(try await store.readAttachment(other, account: alice, offset: 0, count: 10).isEmpty)
        }
    }
}
