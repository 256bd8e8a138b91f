import Synchronization

/// The subscribers of one process to what is announced under a key (an account, or everyone),
/// each with a stream of its own: the one fan-out behind `LocalChangeSignals` (wakes and notices)
/// and `LocalTokenRevocations`.
///
/// A subscriber's stream keeps at most `keepingNewest` values while its reader is busy, so a slow
/// reader costs bounded memory however much is announced meanwhile. Ending the iteration removes it.
final class SubscriberRegistry<Key: Hashable & Sendable, Element: Sendable>: Sendable {
    private let streams = Mutex<[Key: [Int: AsyncStream<Element>.Continuation]]>([:])
    private let nextSubscriber = Atomic<Int>(0)
    private let keepingNewest: Int

    init(keepingNewest: Int) {
        self.keepingNewest = keepingNewest
    }

    /// A stream of every value sent to `key` from now on.
    func subscribe(to key: Key) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(keepingNewest))
        let subscriber = nextSubscriber.add(1, ordering: .relaxed).newValue
        streams.withLock { $0[key, default: [:]][subscriber] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { all in
                all[key]?[subscriber] = nil
                if all[key]?.isEmpty == true { all[key] = nil }
            }
        }
        return stream
    }

    /// Hands `element` to each subscriber of `key`.
    func send(_ element: Element, to key: Key) {
        let continuations = streams.withLock { Array(($0[key] ?? [:]).values) }
        for continuation in continuations { continuation.yield(element) }
    }

    /// Hands `element` to every subscriber, whatever its key.
    func sendToEveryone(_ element: Element) {
        let continuations = streams.withLock { $0.values.flatMap(\.values) }
        for continuation in continuations { continuation.yield(element) }
    }
}
