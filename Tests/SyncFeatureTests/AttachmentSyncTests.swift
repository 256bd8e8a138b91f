import StandardInterfaces
import StandardTesting
import Crypto
import Foundation
import QuillModels
import SyncFeature
import SyncStateTesting
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// The attachments synced notes refer to travel with them (docs/attachments.md): sent by the
/// home that has them, fetched by the others, checked on arrival, and kept waiting, not lost,
/// when the server cannot take them yet.
@Suite struct AttachmentSyncTests {
    let bytes = (0..<(9 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

    func keep(_ bytes: [UInt8], in store: InMemoryAttachmentStore) throws -> AttachmentHash {
        let hash = try #require(AttachmentHash(digest: SHA256.hash(data: bytes)))
        let writer = try store.begin()
        try bytes.withUnsafeBytes { try writer.write($0) }
        _ = try writer.commit(as: hash)
        return hash
    }

    func home(_ server: any SyncTransport) -> Client {
        var client = Client(transport: server)
        client.attachments = InMemoryAttachmentStore(clock: FixedClock(day0))
        return client
    }

    func noteReferring(to hash: AttachmentHash, in home: Client) async throws {
        let body = "See " + AttachmentReference.markdown(hash: hash, name: "scan.pdf", embedded: false) + "\n"
        try await home.store.create(try makeNote("a1", "With a scan", body: body))
    }

    @Test func anAttachmentGoesWithItsNoteToAnotherHome() async throws {
        let server = FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) })
        let first = home(server), second = home(server)
        let hash = try keep(bytes, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        let sent = try await first.sync()
        #expect(sent.attachmentsSent == 1 && sent.attachmentsWaiting == 0)
        #expect(await server.wholeAttachments()[hash] == bytes)
        let fetched = try await second.sync()
        #expect(fetched.pulled == 1 && fetched.attachmentsFetched == 1)
        let reader = try #require(try second.attachments?.open(hash))
        var copy: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            copy += buffer[0..<count]
        }
        #expect(copy == bytes)
        #expect(try await first.sync().attachmentsSent == 0, "nothing is sent twice")
        #expect(try await first.state.load().attachmentsToSend.isEmpty)
        #expect(try await second.state.load().attachmentsToFetch.isEmpty)
    }

    @Test func aServerThatKeepsNoAttachmentsSyncsTheNotesAndTheAttachmentsWait() async throws {
        let server = FakeSyncServer(info: ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1))
        let first = home(server)
        let hash = try keep(bytes, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        let report = try await first.sync()
        #expect(report.pushed == 1 && report.attachmentsUnsupported && report.attachmentsWaiting == 1)
        await server.setInfo(ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true))
        #expect(try await first.sync().attachmentsSent == 1, "once the server is upgraded, the next sync sends it")
        #expect(await server.wholeAttachments()[hash] == bytes)
    }

    @Test func aHomeFetchesOnlyOnceTheHomeThatHasItSentIt() async throws {
        let server = FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) })
        let first = home(server), second = home(server)
        let hash = try keep(bytes, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        // The first home's note reaches the server, its attachment not yet (its uploads fail).
        var failing = first
        failing.transport = RefusingUploads(server: server)
        let cut = try await failing.sync()
        #expect(cut.pushed == 1 && cut.attachmentsWaiting == 1)
        let early = try await second.sync()
        #expect(early.pulled == 1 && early.attachmentsFetched == 0 && early.attachmentsWaiting == 1)
        #expect(try await second.state.load().attachmentsToFetch == [hash])
        _ = try await first.sync()
        #expect(try await second.sync().attachmentsFetched == 1)
    }

    @Test func anAttachmentTheServerHasNoRoomForWaitsAndSaysWhy() async throws {
        let server = FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) })
        var first = home(server)
        let hash = try keep(bytes, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        let transport = first.transport
        first.transport = FullServerDisk(server: server)
        let full = try await first.sync()
        #expect(full.pushed == 1 && full.attachmentsWaiting == 1 && full.attachmentsWaitingForServerSpace == 1)
        #expect(full.attachmentsRefused.isEmpty)
        first.transport = transport
        #expect(try await first.sync().attachmentsSent == 1, "once the server has room, the next sync sends it")
    }

    @Test func anUploadCutShortContinuesWhereTheServerStopped() async throws {
        let server = FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) })
        let first = home(server)
        let hash = try keep(bytes, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        // Another client's first piece arrived before its connection broke.
        _ = try await server.uploadAttachment(hash, bytes: Array(bytes[0..<(4 << 20)]), offset: 0, total: Int64(bytes.count))
        #expect(try await first.sync().attachmentsSent == 1)
        #expect(await server.wholeAttachments()[hash] == bytes)
    }

    /// One request carries a large attachment; cut midway, it is sent again from where the
    /// server's copy ends, not from the start, and both ways in the same sync.
    @Test func aLargeAttachmentCutMidwayContinuesFromTheServersCount() async throws {
        let server = FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) })
        let cutting = CuttingStreams(server: server, after: 3_000_000)
        let first = home(cutting), second = home(cutting)
        let hash = try keep(bytes, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        #expect(try await first.sync().attachmentsSent == 1)
        #expect(await server.wholeAttachments()[hash] == bytes)
        #expect(await cutting.uploads == [[0, Int64(bytes.count)], [3_000_000, Int64(bytes.count) - 3_000_000]])
        #expect(try await second.sync().attachmentsFetched == 1)
        #expect(await cutting.downloads == [0, 3_000_000])
        #expect(try #require(try second.attachments?.all()).map(\.size) == [Int64(bytes.count)])
    }

    /// A small attachment is sent whole without asking first; if the server holds part of it
    /// (another client's upload cut short), that is refused and the rest is sent.
    @Test func aSmallAttachmentTheServerHoldsPartOfIsFinished() async throws {
        let small = Array(bytes[0..<50_000])
        let server = FakeSyncServer(attachmentDigest: { AttachmentHash(digest: SHA256.hash(data: $0)) })
        let first = home(server)
        let hash = try keep(small, in: try #require(first.attachments))
        try await noteReferring(to: hash, in: first)
        _ = try await server.uploadAttachment(hash, bytes: Array(small[0..<20_000]), offset: 0, total: Int64(small.count))
        #expect(try await first.sync().attachmentsSent == 1)
        #expect(await server.wholeAttachments()[hash] == small)
    }
}

/// The server, except that every upload fails as a broken connection would.
struct RefusingUploads: InFrontOfFakeServer {
    let server: FakeSyncServer

    func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                          total: Int64) async throws(SyncError) -> RemoteAttachment {
        throw .badResponse("the connection broke")
    }
}

struct FullServerDisk: InFrontOfFakeServer {
    let server: FakeSyncServer

    func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                          total: Int64) async throws(SyncError) -> RemoteAttachment {
        throw .serverStorageFull("the server's disk is full")
    }
}

/// The server, except that the first upload and the first download of more than `after` bytes
/// break after that many, as a dropped connection would: the server keeps what arrived.
actor CuttingStreams: InFrontOfFakeServer {
    let server: FakeSyncServer
    let after: Int64
    /// Each upload's offset and count; each download's offset.
    private(set) var uploads: [[Int64]] = []
    private(set) var downloads: [Int64] = []

    init(server: FakeSyncServer, after: Int64) {
        self.server = server
        self.after = after
    }

    func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                          total: Int64) async throws(SyncError) -> RemoteAttachment {
        uploads.append([offset, count])
        guard uploads.count == 1, count > after else {
            return try await server.uploadAttachment(hash, from: source, offset: offset, count: count, total: total)
        }
        _ = try await server.uploadAttachment(hash, from: source, offset: offset, count: after, total: total)
        throw .timedOut("the connection dropped")
    }

    nonisolated func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws {
        let first = await recordDownload(offset)
        var handed: Int64 = 0
        try await server.downloadAttachment(hash, from: offset) { piece in
            if first, handed >= after { throw SyncError.timedOut("the connection dropped") }
            let kept = first ? UnsafeRawBufferPointer(rebasing: piece.prefix(Int(after - handed))) : piece
            try receive(kept)
            handed += Int64(kept.count)
        }
    }

    private func recordDownload(_ offset: Int64) -> Bool {
        downloads.append(offset)
        return downloads.count == 1
    }
}
