import ServerStoreInterface
import Synchronization

/// The subscribers of one process to what is announced under a key (an account, or everyone):
/// the one fan-out behind `LocalChangeSignals`'s wakes, notices and revocations. A subscriber is a
/// function that hands the value on; it is called on the announcer's thread, outside the lock.
final class SubscriberRegistry<Key: Hashable & Sendable, Element: Sendable>: Sendable {
    private let subscribers = Mutex<[Key: [Int: @Sendable (Element) -> Void]]>([:])
    private let nextSubscriber = Atomic<Int>(0)

    /// Calls `receive` with every value sent to `key` from now on, until the subscription ends.
    func subscribe(to key: Key, _ receive: @escaping @Sendable (Element) -> Void) -> SignalSubscription {
        let subscriber = nextSubscriber.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[key, default: [:]][subscriber] = receive }
        return SignalSubscription { [weak self] in
            self?.subscribers.withLock { all in
                all[key]?[subscriber] = nil
                if all[key]?.isEmpty == true { all[key] = nil }
            }
        }
    }

    /// Hands `element` to each subscriber of `key`.
    func send(_ element: Element, to key: Key) {
        let receivers = subscribers.withLock { Array(($0[key] ?? [:]).values) }
        for receive in receivers { receive(element) }
    }

    /// Hands `element` to every subscriber, whatever its key.
    func sendToEveryone(_ element: Element) {
        let receivers = subscribers.withLock { $0.values.flatMap(\.values) }
        for receive in receivers { receive(element) }
    }
}
