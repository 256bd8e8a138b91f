import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Devices waiting to sign in, in memory: for `--preview`, route tests, and as the contract
/// suite's reference.
extension InMemoryServerStore: DeviceAuthorizationStore {
    public func createDeviceAuthorization(_ authorization: DeviceAuthorization) async throws -> Bool {
        deviceAuthorizations = deviceAuthorizations.filter { $0.value.expires > authorization.created }
        guard deviceAuthorizations[authorization.deviceCodeHash] == nil,
              !deviceAuthorizations.values.contains(where: { $0.userCode == authorization.userCode }) else { return false }
        deviceAuthorizations[authorization.deviceCodeHash] = authorization
        return true
    }

    public func deviceAuthorization(userCode: String, at now: Date) async throws -> DeviceAuthorization? {
        deviceAuthorizations.values.first { $0.userCode == userCode && $0.expires > now }
    }

    public func decideDeviceAuthorization(userCode: String, _ decision: DeviceDecision, at now: Date) async throws -> Bool {
        guard let found = deviceAuthorizations.values.first(where: { $0.userCode == userCode }), found.decision == nil,
              found.expires > now else { return false }
        var decided = found
        decided.decision = decision
        deviceAuthorizations[found.deviceCodeHash] = decided
        return true
    }

    public func pollDeviceAuthorization(deviceCodeHash: TokenHash, at now: Date) async throws -> DeviceAuthorization? {
        guard let found = deviceAuthorizations[deviceCodeHash] else { return nil }
        if found.decision != nil || found.expires <= now {
            deviceAuthorizations[deviceCodeHash] = nil
        } else {
            deviceAuthorizations[deviceCodeHash]?.lastPolled = now.roundedToMilliseconds
        }
        return found
    }
}
