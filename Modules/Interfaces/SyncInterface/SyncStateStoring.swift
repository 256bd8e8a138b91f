import Foundation

/// Where a client stands with its server, kept between runs.
public struct SyncState: Hashable, Sendable, Codable {
    /// The change-feed position up to which pulled changes are applied locally.
    public var cursor: SyncCursor?
    /// When the last sync finished without error.
    public var lastSuccessfulSync: Date?
    /// The request ID of a push that was sent but whose answer was not processed:
    /// the next sync sends it again under the same ID, so nothing is applied twice.
    public var inFlightPushID: String?

    public init(cursor: SyncCursor? = nil, lastSuccessfulSync: Date? = nil, inFlightPushID: String? = nil) {
        self.cursor = cursor
        self.lastSuccessfulSync = lastSuccessfulSync
        self.inFlightPushID = inFlightPushID
    }
}

/// Keeps the `SyncState` durably.
///
/// Exists so that the engine can save its cursor after each applied page and its in-flight
/// push ID before each push, and a sync killed at any moment resumes where it stopped.
public protocol SyncStateStoring: Sendable {
    /// The saved state, or an empty one if nothing was saved yet.
    func load() async throws -> SyncState
    /// Replaces the saved state atomically: after a crash it is either the old or the new one.
    func save(_ state: SyncState) async throws
    /// Forgets everything (used by `quill logout`).
    func reset() async throws
}
