import Foundation
import ServerStoreInterface
import StandardInterfaces

/// A web session store every method of which fails the test: the default of the server test root,
/// for tests of the API that no session reaches.
public struct UnimplementedWebSessions: WebSessionStore {
    public init() {}

    public func createSession(_ session: WebSession) async throws { throw unimplemented("WebSessionStore.createSession(_:)") }
    public func session(secretHash: TokenHash, at now: Date) async throws -> WebSession? { throw unimplemented("WebSessionStore.session(secretHash:at:)") }
    public func deleteSession(secretHash: TokenHash) async throws -> Bool { throw unimplemented("WebSessionStore.deleteSession(secretHash:)") }
    public func deleteSessions(account: AccountID) async throws -> Int { throw unimplemented("WebSessionStore.deleteSessions(account:)") }
    public func deleteExpiredSessions(at now: Date) async throws -> Int { throw unimplemented("WebSessionStore.deleteExpiredSessions(at:)") }
    public func sessions(account: AccountID, at now: Date) async throws -> [WebSession] { throw unimplemented("WebSessionStore.sessions(account:at:)") }
    public func deleteSession(id: String, account: AccountID) async throws -> Bool { throw unimplemented("WebSessionStore.deleteSession(id:account:)") }
    public func recordUse(ofSession secretHash: TokenHash, at date: Date, address: String?) async throws {
        throw unimplemented("WebSessionStore.recordUse(ofSession:at:address:)")
    }
}

/// A device authorization store every method of which fails the test: the default of the server
/// test root, for tests that no device login reaches.
public struct UnimplementedDeviceAuthorizations: DeviceAuthorizationStore {
    public init() {}

    public func createDeviceAuthorization(_ authorization: DeviceAuthorization) async throws -> Bool {
        throw unimplemented("DeviceAuthorizationStore.createDeviceAuthorization(_:)")
    }
    public func deviceAuthorization(userCode: String, at now: Date) async throws -> DeviceAuthorization? {
        throw unimplemented("DeviceAuthorizationStore.deviceAuthorization(userCode:at:)")
    }
    public func decideDeviceAuthorization(userCode: String, _ decision: DeviceDecision, at now: Date) async throws -> Bool {
        throw unimplemented("DeviceAuthorizationStore.decideDeviceAuthorization(userCode:_:at:)")
    }
    public func pollDeviceAuthorization(deviceCodeHash: TokenHash, at now: Date) async throws -> DeviceAuthorization? {
        throw unimplemented("DeviceAuthorizationStore.pollDeviceAuthorization(deviceCodeHash:at:)")
    }
}

/// An identity link store every method of which fails the test: the default of the server test
/// root, for tests that no sign-in through the identity provider reaches.
public struct UnimplementedIdentityLinks: IdentityLinkStore {
    public init() {}

    public func linkIdentity(_ identity: ProviderIdentity, toAccountNamed name: String, at date: Date) async throws -> Account {
        throw unimplemented("IdentityLinkStore.linkIdentity(_:toAccountNamed:at:)")
    }
    public func unlinkIdentity(_ identity: ProviderIdentity, fromAccountNamed name: String) async throws -> Bool {
        throw unimplemented("IdentityLinkStore.unlinkIdentity(_:fromAccountNamed:)")
    }
    public func account(linkedTo identity: ProviderIdentity) async throws -> Account? {
        throw unimplemented("IdentityLinkStore.account(linkedTo:)")
    }
    public func identities(ofAccountNamed name: String) async throws -> [ProviderIdentity] {
        throw unimplemented("IdentityLinkStore.identities(ofAccountNamed:)")
    }
}

/// A pending sign-in store every method of which fails the test.
public struct UnimplementedPendingSignIns: PendingSignInStore {
    public init() {}

    public func createPendingSignIn(_ signIn: PendingSignIn, at now: Date) async throws {
        throw unimplemented("PendingSignInStore.createPendingSignIn(_:at:)")
    }
    public func takePendingSignIn(stateHash: TokenHash, at now: Date) async throws -> PendingSignIn? {
        throw unimplemented("PendingSignInStore.takePendingSignIn(stateHash:at:)")
    }
}
