import StandardInterfaces

/// An identity provider in memory: tests (and the contract suite) hand it the claims a person
/// would sign in with and get the code the provider would send back, without HTTP or signatures.
///
/// It keeps what a real provider keeps: a code redeems once, with the redirect URI it was issued
/// for; it can be made unreachable; it records the grants redeemed, so that a test can check the
/// PKCE verifier against the challenge it was started with.
public actor InMemoryIdentityProvider: IdentityProvider {
    public let issuer: String
    private var codes: [String: (claims: IdentityClaims, redirectURI: String, accessToken: String)] = [:]
    private var userInfos: [String: IdentityClaims] = [:]
    private var issued = 0
    /// Whether it answers; `false` makes every call throw `.unreachable`.
    public private(set) var reachable = true
    /// Every grant redeemed, in order.
    public private(set) var redeemed: [AuthorizationCodeGrant] = []

    public init(issuer: String = "https://id.example") {
        self.issuer = issuer
    }

    /// Where `metadata()` says the endpoints are.
    public nonisolated var endpoints: IdentityProviderMetadata {
        IdentityProviderMetadata(issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token",
                                 userInfoEndpoint: issuer + "/userinfo", endSessionEndpoint: issuer + "/logout")
    }

    /// Signs a person in: the code the provider would send to `redirectURI`, which redeems to an
    /// ID token of `claims`; `userInfo` is what the userinfo endpoint answers for its access token.
    public func issueCode(claims: IdentityClaims, redirectURI: String, userInfo: IdentityClaims? = nil) -> String {
        issued += 1
        let code = "code-\(issued)", accessToken = "access-\(issued)"
        codes[code] = (claims, redirectURI, accessToken)
        if let userInfo { userInfos[accessToken] = userInfo }
        return code
    }

    public func setReachable(_ reachable: Bool) {
        self.reachable = reachable
    }

    public func metadata() async throws -> IdentityProviderMetadata {
        guard reachable else { throw IdentityProviderFailure.unreachable("the provider is down") }
        return endpoints
    }

    public func redeem(_ grant: AuthorizationCodeGrant) async throws -> IdentityTokens {
        guard reachable else { throw IdentityProviderFailure.unreachable("the provider is down") }
        guard let issued = codes.removeValue(forKey: grant.code), issued.redirectURI == grant.redirectURI else {
            throw IdentityProviderFailure.refused("invalid_grant")
        }
        redeemed.append(grant)
        return IdentityTokens(idToken: "id-token-for-\(issued.claims.string("sub") ?? "")", claims: issued.claims, accessToken: issued.accessToken)
    }

    public func userInfo(accessToken: String) async throws -> IdentityClaims {
        guard reachable else { throw IdentityProviderFailure.unreachable("the provider is down") }
        guard let claims = userInfos[accessToken] else { throw IdentityProviderFailure.refused("invalid_token") }
        return claims
    }
}
