/// An OpenID Connect provider, as the server's sign-in speaks to it: the port between the rules of
/// signing in (ServerFeature's `OIDCSignIn`) and the network, JSON and JOSE of a real provider.
///
/// Behind a protocol so that the rules are tested with a fake that issues claims directly
/// (`InMemoryIdentityProvider`), while production talks HTTP and checks signatures
/// (`OIDCIdentityProvider`); `IdentityProviderContractTests` holds both to the same behaviour.
/// The provider checks what only it can (discovery, signatures against its keys); which claims
/// make a valid sign-in is decided by the feature.
public protocol IdentityProvider: Sendable {
    /// The provider's endpoints, from its discovery document. Fetched again at most every few
    /// seconds; throws `.unreachable` while the provider cannot be reached.
    func metadata() async throws -> IdentityProviderMetadata
    /// Redeems an authorization code at the token endpoint. The ID token's signature is checked
    /// against the provider's published keys; its claims are returned unjudged.
    func redeem(_ grant: AuthorizationCodeGrant) async throws -> IdentityTokens
    /// The claims the userinfo endpoint returns for an access token.
    func userInfo(accessToken: String) async throws -> IdentityClaims
}
