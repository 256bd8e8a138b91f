/// What discovery (`/.well-known/openid-configuration`) says of a provider, as far as sign-in uses it.
public struct IdentityProviderMetadata: Hashable, Sendable {
    public var issuer: String
    public var authorizationEndpoint: String
    public var tokenEndpoint: String
    public var userInfoEndpoint: String?
    /// Where a person's session at the provider is ended (RP-initiated logout), if it offers that.
    public var endSessionEndpoint: String?

    public init(issuer: String, authorizationEndpoint: String, tokenEndpoint: String, userInfoEndpoint: String? = nil,
                endSessionEndpoint: String? = nil) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.userInfoEndpoint = userInfoEndpoint
        self.endSessionEndpoint = endSessionEndpoint
    }
}
