/// What the token endpoint answered: the ID token (its signature checked) and an access token for
/// the userinfo endpoint.
public struct IdentityTokens: Sendable {
    /// The ID token as received: sent back to the provider as `id_token_hint` at sign-out.
    public var idToken: String
    /// The ID token's claims, signature verified, not yet judged.
    public var claims: IdentityClaims
    public var accessToken: String?

    public init(idToken: String, claims: IdentityClaims, accessToken: String?) {
        self.idToken = idToken
        self.claims = claims
        self.accessToken = accessToken
    }
}
