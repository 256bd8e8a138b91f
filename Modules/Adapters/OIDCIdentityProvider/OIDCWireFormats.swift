import StandardInterfaces
import JWTKit

// The provider's JSON, as OpenID Connect names its fields.

/// `/.well-known/openid-configuration`, the fields sign-in reads.
struct DiscoveryDocument: Decodable, Sendable {
    let issuer: String
    let authorization_endpoint: String
    let token_endpoint: String
    let userinfo_endpoint: String?
    let end_session_endpoint: String?
    let jwks_uri: String
    let token_endpoint_auth_methods_supported: [String]?

    var tokenEndpoint: String { token_endpoint }

    var metadata: IdentityProviderMetadata {
        IdentityProviderMetadata(issuer: issuer, authorizationEndpoint: authorization_endpoint, tokenEndpoint: token_endpoint,
                                 userInfoEndpoint: userinfo_endpoint, endSessionEndpoint: end_session_endpoint)
    }

    /// The client secret goes in the form only when the provider does not take HTTP Basic
    /// (`client_secret_basic`, the default when it says nothing).
    var prefersSecretInBody: Bool {
        guard let methods = token_endpoint_auth_methods_supported else { return false }
        return !methods.contains("client_secret_basic") && methods.contains("client_secret_post")
    }
}

/// The token endpoint's answer.
struct TokenAnswer: Decodable {
    let id_token: String?
    let access_token: String?
}

/// An OAuth error answer.
struct ErrorAnswer: Decodable {
    let error: String?
    let error_description: String?
}

/// A JWT's header, read before its signature is checked to choose (or fetch) the key.
struct TokenHeader: Decodable {
    let alg: String?
    let kid: String?
}

/// Every claim of an ID token, as jwt-kit hands them over once the signature verified. jwt-kit
/// judges none of them: `OIDCRules` does.
struct VerifiedClaims: JWTPayload {
    let claims: IdentityClaims

    init(from decoder: any Decoder) throws {
        claims = try IdentityClaims(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try claims.encode(to: encoder)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
