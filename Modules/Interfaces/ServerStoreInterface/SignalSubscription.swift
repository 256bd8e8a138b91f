import Synchronization

/// A subscription to announcements (`ChangeSignaling`, `TokenRevocationSignaling`): it ends when
/// `end()` is called or when it is released, whichever comes first.
public final class SignalSubscription: Sendable {
    private let ending: Mutex<(@Sendable () -> Void)?>

    public init(ending: @escaping @Sendable () -> Void) {
        self.ending = Mutex(ending)
    }

    /// Stops the announcements; calling it again does nothing.
    public func end() {
        ending.withLock { ending in
            defer { ending = nil }
            return ending
        }?()
    }

    deinit { end() }
}
