import Foundation
import ServerStoreInterface
import StandardInterfaces

/// Provider identities linked to accounts, in memory: for `--preview`, route tests, and as the
/// contract suite's reference.
extension InMemoryServerStore: IdentityLinkStore {
    public func linkIdentity(_ identity: ProviderIdentity, toAccountNamed name: String, at date: Date) async throws -> Account {
        guard let account = account(named: name) else { throw ServerStoreError.accountNotFound(name) }
        if let held = identityLinks.first(where: { $0.identity == identity }) {
            guard held.account == account.id else {
                throw ServerStoreError.identityLinked(identity, account: try await self.account(id: held.account)?.name ?? "?")
            }
            return account
        }
        identityLinks.append((identity, account.id))
        return account
    }

    public func unlinkIdentity(_ identity: ProviderIdentity, fromAccountNamed name: String) async throws -> Bool {
        guard let account = account(named: name),
              let index = identityLinks.firstIndex(where: { $0.identity == identity && $0.account == account.id }) else { return false }
        identityLinks.remove(at: index)
        return true
    }

    public func account(linkedTo identity: ProviderIdentity) async throws -> Account? {
        guard let held = identityLinks.first(where: { $0.identity == identity }) else { return nil }
        return try await account(id: held.account)
    }

    public func identities(ofAccountNamed name: String) async throws -> [ProviderIdentity] {
        guard let account = account(named: name) else { return [] }
        return identityLinks.filter { $0.account == account.id }.map(\.identity)
    }
}

/// Sign-ins waiting for their callback, in memory.
extension InMemoryServerStore: PendingSignInStore {
    public func createPendingSignIn(_ signIn: PendingSignIn, at now: Date) async throws {
        pendingSignIns = pendingSignIns.filter { $0.value.expires > now }
        pendingSignIns[signIn.stateHash] = signIn
    }

    public func takePendingSignIn(stateHash: TokenHash, at now: Date) async throws -> PendingSignIn? {
        guard let found = pendingSignIns.removeValue(forKey: stateHash), found.expires > now else { return nil }
        return found
    }
}
