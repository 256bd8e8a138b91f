import StandardInterfaces

/// An identity provider every method of which fails the test: for tests of sign-in that must not
/// reach the provider (a refused state, an expired sign-in).
public struct UnimplementedIdentityProvider: IdentityProvider {
    public init() {}

    public func metadata() async throws -> IdentityProviderMetadata { throw unimplemented("IdentityProvider.metadata()") }
    public func redeem(_ grant: AuthorizationCodeGrant) async throws -> IdentityTokens { throw unimplemented("IdentityProvider.redeem(_:)") }
    public func userInfo(accessToken: String) async throws -> IdentityClaims { throw unimplemented("IdentityProvider.userInfo(accessToken:)") }
}
