import StandardInterfaces
import StandardTesting
import FileAttachmentStore
import Foundation
import QuillModels
import ScratchDirectories
import Testing

/// Every implementation of `AttachmentStoring`: the fake and the file adapter.
enum AttachmentStoreImplementation: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    case files

    var testDescription: String { rawValue }

    /// Two handles on the same storage: what a restarted process sees.
    func stores() throws -> (any AttachmentStoring, any AttachmentStoring) {
        switch self {
        case .inMemory:
            let store = InMemoryAttachmentStore(clock: FixedClock(Date(timeIntervalSince1970: 1_800_000_000)))
            return (store, store)
        case .files:
            let root = try Scratch.directory("attachments") + "/attachments"
            return (FileAttachmentStore(root: root), FileAttachmentStore(root: root))
        }
    }
}

@Suite("AttachmentStoring contract", .scratchDirectory)
struct AttachmentStoringContractTests {
    let hash = AttachmentHash(String(repeating: "ab", count: 32))!
    let other = AttachmentHash(String(repeating: "0c", count: 32))!

    func put(_ bytes: [UInt8], as hash: AttachmentHash, in store: any AttachmentStoring) throws -> StoredAttachment {
        let writer = try store.begin()
        for chunk in stride(from: 0, to: bytes.count, by: 1000) {
            try bytes[chunk..<min(chunk + 1000, bytes.count)].withUnsafeBytes { try writer.write($0) }
        }
        return try writer.commit(as: hash)
    }

    func contents(_ reader: any AttachmentReading) throws -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 777)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return all }
            all += buffer[0..<count]
        }
    }

    @Test("Bytes committed under a hash are read back by a new handle, listed and removed", arguments: AttachmentStoreImplementation.allCases)
    func roundTrip(_ implementation: AttachmentStoreImplementation) throws {
        let (store, reopened) = try implementation.stores()
        #expect(try store.open(hash) == nil)
        #expect(try store.all().isEmpty)
        let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let stored = try put(bytes, as: hash, in: store)
        #expect(stored.hash == hash && stored.size == 5_000)
        #expect(try contents(try #require(try reopened.open(hash))) == bytes)
        _ = try put([], as: other, in: store)
        #expect(try reopened.all().map(\.hash) == [other, hash])
        #expect(try reopened.all().map(\.size) == [0, 5_000])
        try reopened.remove(hash)
        try reopened.remove(hash)
        #expect(try store.open(hash) == nil)
        #expect(try store.all().map(\.hash) == [other])
    }

    @Test("Committing bytes already stored keeps the stored copy", arguments: AttachmentStoreImplementation.allCases)
    func duplicateIsKept(_ implementation: AttachmentStoreImplementation) throws {
        let (store, _) = try implementation.stores()
        let first = try put([1, 2, 3], as: hash, in: store)
        let again = try put([1, 2, 3], as: hash, in: store)
        #expect(again == first)
        #expect(try store.all().count == 1)
    }

    @Test("An abandoned write leaves nothing", arguments: AttachmentStoreImplementation.allCases)
    func abandonLeavesNothing(_ implementation: AttachmentStoreImplementation) throws {
        let (store, _) = try implementation.stores()
        let writer = try store.begin()
        try [9, 9, 9].withUnsafeBytes { try writer.write($0) }
        writer.abandon()
        #expect(try store.all().isEmpty)
        #expect(try store.open(hash) == nil)
        #expect(try store.removeAbandoned(before: Date().addingTimeInterval(3600)) == 0)
        #expect(throws: AttachmentStoreError.self) { try writer.commit(as: hash) }
    }
}
