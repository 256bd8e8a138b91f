import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import Synchronization
import Testing

/// Two uploads side by side, each within the quota alone and over it together: one is refused.
/// The store holds back every upload's first bytes until both have read the account's usage, the
/// interleaving in which each used to see room for itself.
@Suite struct AttachmentQuotaRaceTests {
    @Test func uploadsSideBySideCannotTogetherPassTheQuota() async throws {
        let made = try await TestServer.make()
        let gated = UsageGatedAttachments(base: made.store, readsBeforeWrites: 2)
        var dependencies = ServerTestRoots.test(notes: made.store, accounts: made.store, readiness: made.store, attachments: gated,
                                                links: made.store, hasher: made.dependencies.hasher, clock: made.dependencies.clock,
                                                ids: made.dependencies.ids)
        dependencies.attachmentLimits = AttachmentLimits(maximumBytes: 2 << 20, quotaBytes: 3 << 20)
        let server = TestServer(store: made.store, dependencies: dependencies, alice: made.alice, bob: made.bob)
        let pieces = (0..<2).map { index in (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* (index + 3) &+ index) } }
        let hashes = pieces.map { AttachmentHash(digest: SHA256.hash(data: $0))!.hex }
        try await server.test { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<2 {
                    group.addTask { try await client.send(.put, "/v1/attachments/\(hashes[index])", bytes: pieces[index]).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted { $0.code < $1.code } == [.created, .contentTooLarge], "4 MB over a 3 MiB quota: \(statuses)")
            #expect(try await made.store.attachmentUsage(account: AccountID(1)) <= 3 << 20)
        }
    }
}

/// The in-memory attachments, except that no bytes are written until the account's usage has
/// been read `readsBeforeWrites` times (or a second has passed).
final class UsageGatedAttachments: ServerAttachmentRepository {
    let base: InMemoryServerStore
    let readsBeforeWrites: Int
    private let reads = Atomic<Int>(0)

    init(base: InMemoryServerStore, readsBeforeWrites: Int) {
        self.base = base
        self.readsBeforeWrites = readsBeforeWrites
    }

    func attachmentUsage(account: AccountID) async throws -> Int64 {
        defer { reads.add(1, ordering: .sequentiallyConsistent) }
        return try await base.attachmentUsage(account: account)
    }

    func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        for _ in 0..<200 where reads.load(ordering: .sequentiallyConsistent) < readsBeforeWrites {
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await base.appendAttachment(hash, account: account, offset: offset, bytes: bytes)
    }

    func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? {
        try await base.attachment(hash, account: account)
    }
    func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        try await base.completeAttachment(hash, account: account)
    }
    func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws {
        try await base.discardAttachment(hash, account: account)
    }
    func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8] {
        try await base.readAttachment(hash, account: account, offset: offset, count: count)
    }
    func openAttachment(_ hash: AttachmentHash, account: AccountID) async throws -> any ServerAttachmentReader {
        try await base.openAttachment(hash, account: account)
    }
    func attachmentLeftovers(account: AccountID, dryRun: Bool) async throws -> Int {
        try await base.attachmentLeftovers(account: account, dryRun: dryRun)
    }
    func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] {
        try await base.attachments(account: account)
    }
    func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        try await base.collectAttachments(hashes, account: account, unlessWrittenAfter: cursor)
    }
}
