import Foundation

/// Keeps which account each provider identity signs into: the port that sign-in through the
/// identity provider and `quill-server account link` use.
///
/// Behind a protocol so that SQLite, PostgreSQL and memory keep links alike, checked by one
/// contract suite (Tests/ServerStoreContractTests/IdentityLink). Deleting an account forgets its links.
public protocol IdentityLinkStore: Sendable {
    /// Links the identity to the account. Throws `ServerStoreError.accountNotFound` for no such
    /// account and `ServerStoreError.identityLinked` when another account holds the identity;
    /// linking it again to the same account changes nothing.
    func linkIdentity(_ identity: ProviderIdentity, toAccountNamed name: String, at date: Date) async throws -> Account
    /// Removes the link; `false` if the account held no such identity.
    func unlinkIdentity(_ identity: ProviderIdentity, fromAccountNamed name: String) async throws -> Bool
    /// The account the identity is linked to, if any.
    func account(linkedTo identity: ProviderIdentity) async throws -> Account?
    /// The identities linked to the account, in the order they were linked.
    func identities(ofAccountNamed name: String) async throws -> [ProviderIdentity]
}
