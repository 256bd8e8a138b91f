import Foundation
import Logging
import PostgresServerStore
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import Synchronization
import Testing

/// What every implementation of `ChangeSignaling` and `TokenRevocationSignaling` must do: a
/// subscriber hears its own account's announcements (wakes and notices, in order) and no other's,
/// every revocation, and nothing once its subscription ends or is released. Run against the one
/// process's signals and PostgreSQL's (`NOTIFY`/`LISTEN`, with `QUILL_TEST_POSTGRES_URL`).
@Suite struct ChangeSignalingContractTests {
    typealias Signals = ChangeSignaling & TokenRevocationSignaling

    /// One implementation: how to make it running, and how to stop it.
    struct Implementation: Sendable, CustomTestStringConvertible {
        let name: String
        let isAvailable: Bool
        let make: @Sendable () async throws -> (signals: any Signals, stop: @Sendable () async throws -> Void)
        var testDescription: String { name }
    }

    static let implementations = [
        Implementation(name: "local", isAvailable: true) { (LocalChangeSignals(), {}) },
        Implementation(name: "PostgreSQL", isAvailable: TestPostgres.url != nil) {
            let database = try await TestPostgres.freshDatabase()
            let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.signals"))
            let signals = PostgresChangeSignals(store: store, logger: Logger(label: "test.signals"), local: LocalChangeSignals())
            let running = Task { try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await store.run() }
                group.addTask { try await signals.run() }
            } }
            return (signals, {
                running.cancel()
                _ = await running.result
                try await database.drop()
            })
        },
    ].filter(\.isAvailable)

    /// What a subscriber heard, in order.
    final class Heard<Value: Sendable>: Sendable {
        private let values = Mutex<[Value]>([])
        func add(_ value: Value) { values.withLock { $0.append(value) } }
        var all: [Value] { values.withLock { $0 } }
    }

    /// Announces through `announce` until `heard` says it arrived: a `LISTEN` may start a moment
    /// after the service does.
    static func untilHeard(_ heard: @escaping @Sendable () -> Bool, announcing announce: () async -> Void) async throws {
        let clock = ContinuousClock(), deadline = clock.now + .seconds(30)
        while !heard() {
            #expect(clock.now < deadline, "announced, never heard")
            guard clock.now < deadline else { return }
            await announce()
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test(arguments: implementations)
    func aSubscriberHearsItsAccountsAnnouncementsInOrderAndNoOthers(_ implementation: Implementation) async throws {
        let (signals, stop) = try await implementation.make()
        let ann = AccountID(1), bob = AccountID(2)
        let heard = Heard<AccountSignal>(), bobs = Heard<AccountSignal>()
        let subscription = signals.subscribe(to: ann) { heard.add($0) }
        let other = signals.subscribe(to: bob) { bobs.add($0) }
        try await Self.untilHeard({ heard.all.contains(.changed) }) { await signals.announce(ann) }
        try await Task.sleep(for: .milliseconds(300))  // the warm-up's announcements still on their way
        let before = heard.all.count
        await signals.announce(.attachment(sha256: String(repeating: "ab", count: 32), size: 12), to: ann)
        await signals.announce(.devices, to: ann)
        await signals.announce(.shares, to: ann)
        await signals.announce(ann)
        try await Self.untilHeard({ heard.all.count >= before + 4 }) {}
        #expect(Array(heard.all.dropFirst(before)) == [.notice(.attachment(sha256: String(repeating: "ab", count: 32), size: 12)),
                                                       .notice(.devices), .notice(.shares), .changed])
        #expect(bobs.all.isEmpty, "another account's subscriber heard \(bobs.all)")

        // Ended, and released: neither hears what follows, while a new subscriber does.
        subscription.end()
        _ = other
        let later = Heard<AccountSignal>()
        let third = signals.subscribe(to: ann) { later.add($0) }
        let count = heard.all.count
        try await Self.untilHeard({ !later.all.isEmpty }) { await signals.announce(ann) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(heard.all.count == count, "an ended subscription heard \(heard.all.dropFirst(count))")
        third.end()
        try await stop()
    }

    @Test(arguments: implementations)
    func aReleasedSubscriptionEndsAndEveryRevocationIsHeard(_ implementation: Implementation) async throws {
        let (signals, stop) = try await implementation.make()
        let account = AccountID(7)
        let released = Heard<AccountSignal>()
        do {
            _ = signals.subscribe(to: account) { released.add($0) }
        }
        let kept = Heard<AccountSignal>()
        let subscription = signals.subscribe(to: account) { kept.add($0) }
        try await Self.untilHeard({ !kept.all.isEmpty }) { await signals.announce(account) }
        #expect(released.all.isEmpty, "a released subscription heard \(released.all)")
        subscription.end()

        let revoked = Heard<TokenID>()
        let revocations = signals.subscribeToRevocations { revoked.add($0) }
        let first = try #require(TokenID("00000000000000aa")), second = try #require(TokenID("00000000000000bb"))
        try await Self.untilHeard({ revoked.all.contains(first) }) { await signals.announceRevocation(of: first) }
        var stream = signals.revocations().makeAsyncIterator()
        await signals.announceRevocation(of: second)
        #expect(await stream.next() == second)
        try await Self.untilHeard({ revoked.all.contains(second) }) {}
        revocations.end()
        try await stop()
    }
}
