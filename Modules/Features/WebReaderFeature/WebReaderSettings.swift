import Foundation

/// The web reader's settings, from the composition root.
public struct WebReaderSettings: Sendable {
    /// How long a session lasts after sign-in.
    public var sessionLifetime: TimeInterval
    /// Notes on one page of the list.
    public var pageSize: Int

    public init(sessionLifetime: TimeInterval = 12 * 3600, pageSize: Int = 50) {
        self.sessionLifetime = sessionLifetime
        self.pageSize = pageSize
    }
}
