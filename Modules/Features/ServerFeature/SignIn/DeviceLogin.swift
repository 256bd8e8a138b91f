import Foundation
import ServerStoreInterface
import StandardInterfaces

/// Device login's steps over the stores: a device starts it, the person decides at `/device`,
/// the device polls until it gets its token (docs/signin.md). `DeviceLoginRules` says what each
/// step may do; this does it.
public struct DeviceLogin: Sendable {
    /// What a started login gives the device.
    public struct Started: Sendable {
        /// The secret the device polls with.
        public let deviceCode: String
        public let authorization: DeviceAuthorization
    }

    /// Why a login could not start.
    public enum Failure: Error, Equatable {
        case invalidName
        case invalidScope(String)
    }

    let dependencies: ServerDependencies

    public init(dependencies: ServerDependencies) {
        self.dependencies = dependencies
    }

    /// A new request from the device `name`, asking for `scope`, sent from `address`.
    public func start(name: String, scope text: String?, from address: String?) async throws -> Started {
        guard let name = DeviceLoginRules.deviceName(name) else { throw Failure.invalidName }
        guard let scope = TokenScope(rawValue: text ?? TokenScope.full.rawValue) else { throw Failure.invalidScope(text ?? "") }
        let now = dependencies.clock.now()
        // A user code may collide with a live one (1 in 2.6e10 each); draw again until it does not.
        for _ in 0..<8 {
            let deviceCode = dependencies.secrets.generate().secret
            let random = dependencies.hasher.hash(dependencies.secrets.generate().secret).bytes.reversed()
            guard let userCode = DeviceLoginRules.userCode(from: random) else { continue }
            let authorization = DeviceAuthorization(
                deviceCodeHash: dependencies.hasher.hash(deviceCode), userCode: userCode, deviceName: name, requestedScope: scope,
                requestedFrom: address, created: now, expires: now.addingTimeInterval(DeviceLoginRules.lifetime))
            if try await dependencies.devices.createDeviceAuthorization(authorization) { return Started(deviceCode: deviceCode, authorization: authorization) }
        }
        throw ServerStoreError.unavailable("no free device code could be drawn")
    }

    /// The live request a person typed the code of, for the approval page.
    public func request(userCode typed: String) async throws -> DeviceAuthorization? {
        guard let code = DeviceLoginRules.userCode(typed: typed) else { return nil }
        return try await dependencies.devices.deviceAuthorization(userCode: code, at: dependencies.clock.now())
    }

    /// Records the person's decision; `false` if the request is gone or was decided already.
    /// A read-only grant is all a read-only session may give.
    public func decide(userCode: String, _ decision: DeviceDecision) async throws -> Bool {
        try await dependencies.devices.decideDeviceAuthorization(userCode: userCode, decision, at: dependencies.clock.now())
    }

    /// One poll with `deviceCode`: its answer, and the new token once approved.
    public func poll(deviceCode: String) async throws -> (answer: DeviceLoginRules.PollAnswer, token: BearerToken?, name: String?) {
        let now = dependencies.clock.now()
        let found = try await dependencies.devices.pollDeviceAuthorization(deviceCodeHash: dependencies.hasher.hash(deviceCode), at: now)
        let answer = DeviceLoginRules.answer(to: found, at: now)
        guard case .approved(let account, let scope, let expires) = answer, let found else { return (answer, nil, found?.deviceName) }
        let registration = AccountRegistration(accounts: dependencies.accounts, tokens: dependencies.secrets, hasher: dependencies.hasher,
                                               clock: dependencies.clock)
        let token = try await registration.issueToken(forAccountNamed: account.name, scope: scope, label: found.deviceName,
                                                      expires: expires)
        await dependencies.changeSignals.announce(.devices, to: account.id)
        return (answer, token, found.deviceName)
    }
}
