import Foundation
import StandardInterfaces

/// Keeps the devices waiting to sign in: the port device login (`/v1/device/…`, `/device`) uses.
///
/// Behind a protocol so that SQLite, PostgreSQL and memory keep them alike, checked by one
/// contract suite (Tests/ServerStoreContractTests/DeviceAuthorization). The stores only keep and
/// hand back; `DeviceLoginRules` decides what a poll is answered.
public protocol DeviceAuthorizationStore: Sendable {
    /// Stores a new request, first forgetting those expired at its `created`; `false` (and
    /// nothing stored) if a live request already has its user code.
    func createDeviceAuthorization(_ authorization: DeviceAuthorization) async throws -> Bool
    /// The request with this user code that has not expired at `now`.
    func deviceAuthorization(userCode: String, at now: Date) async throws -> DeviceAuthorization?
    /// Records the person's decision on the request with this user code, if it is undecided and
    /// has not expired at `now`; `false` otherwise (it was decided already, or is gone).
    func decideDeviceAuthorization(userCode: String, _ decision: DeviceDecision, at now: Date) async throws -> Bool
    /// One poll by the device: the request as it was before this poll, which becomes its
    /// `lastPolled`. A poll that finds the request decided or expired also removes it, so an
    /// approval is handed out once, whichever server is asked.
    func pollDeviceAuthorization(deviceCodeHash: TokenHash, at now: Date) async throws -> DeviceAuthorization?
}
