import Foundation
import Synchronization

/// Slows down anyone guessing secrets (share tokens, API tokens, device codes): counts each
/// client's misses, and past `allowed` in a `window`, refuses every such request from that
/// client until the window ends (`429` with `Retry-After`). A client is whatever key the caller
/// counts by: an address, or an account.
///
/// Behind a lock, not an actor: the API's authentication asks it on every request, and a lock
/// taken for a lookup costs less than a hop to an actor. It remembers at
/// most `clientsKept` clients, forgetting the oldest windows first, so guessing from many
/// addresses cannot grow the server's memory.
public final class GuessLimiter: Sendable {
    private struct Window {
        var started: Date
        var misses: Int
    }

    let allowed: Int
    let window: TimeInterval
    let clientsKept: Int
    private let windows = Mutex<[String: Window]>([:])

    public init(allowed: Int = 20, window: TimeInterval = 60, clientsKept: Int = 10_000) {
        self.allowed = allowed
        self.window = window
        self.clientsKept = clientsKept
    }

    /// Whether any client has a miss counted: when none has, no client needs to be named (naming
    /// one, a formatted address, is most of what asking costs on a request that carries no guess).
    public var hasMisses: Bool {
        allowed > 0 && !windows.withLock { $0.isEmpty }
    }

    /// Seconds until `client` may ask again, or `nil` if it may ask now (always, when `allowed` is 0).
    /// A window that has ended is forgotten here.
    public func retryAfter(_ client: String, at now: Date) -> Int? {
        guard allowed > 0 else { return nil }
        let current = windows.withLock { windows -> Window? in
            guard let current = windows[client] else { return nil }
            guard now.timeIntervalSince(current.started) < window else {
                windows[client] = nil
                return nil
            }
            return current
        }
        guard let current, current.misses >= allowed else { return nil }
        return max(1, Int((window - now.timeIntervalSince(current.started)).rounded(.up)))
    }

    /// Counts one miss of `client`: a secret that was not right.
    public func recordMiss(_ client: String, at now: Date) {
        guard allowed > 0 else { return }
        windows.withLock { windows in
            if var current = windows[client], now.timeIntervalSince(current.started) < window {
                current.misses += 1
                windows[client] = current
                return
            }
            if windows.count >= clientsKept {
                windows = windows.filter { now.timeIntervalSince($0.value.started) < window }
                if windows.count >= clientsKept, let oldest = windows.min(by: { $0.value.started < $1.value.started }) {
                    windows[oldest.key] = nil
                }
            }
            windows[client] = Window(started: now, misses: 1)
        }
    }
}
