/// An authorization code to redeem, with the PKCE verifier and redirect URI it was asked with.
public struct AuthorizationCodeGrant: Hashable, Sendable {
    public var code: String
    public var verifier: String
    public var redirectURI: String

    public init(code: String, verifier: String, redirectURI: String) {
        self.code = code
        self.verifier = verifier
        self.redirectURI = redirectURI
    }
}
