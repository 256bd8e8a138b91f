import Crypto
import Foundation
import StandardInterfaces
import ServerStoreInterface

/// The rules of signing in through an OpenID Connect provider, in one place: the authorization
/// request (PKCE, `state`, `nonce`), which ID tokens are accepted, and who is let in.
///
/// Pure functions of their inputs, so that each rule is tested with crafted claims; `OIDCSignIn`
/// does the steps around them.
public enum OIDCRules {
    /// How far the provider's clock may be from this server's when `exp` and `iat` are judged.
    public static let clockSkew: TimeInterval = 60
    /// How long a started sign-in waits for its callback.
    public static let pendingLifetime: TimeInterval = 600

    /// The PKCE challenge of a verifier (`S256`): base64url of its SHA-256, without padding.
    public static func codeChallenge(_ verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// The address the browser is sent to, to sign in at the provider.
    public static func authorizationURL(_ metadata: IdentityProviderMetadata, _ settings: OIDCSettings, state: String, nonce: String,
                                        verifier: String) -> String {
        query(metadata.authorizationEndpoint, [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", settings.redirectURI),
            ("scope", settings.scopes.joined(separator: " ")), ("state", state), ("nonce", nonce),
            ("code_challenge", codeChallenge(verifier)), ("code_challenge_method", "S256"),
        ])
    }

    /// Where the browser is sent to end the provider's session too; `nil` if it offers no such endpoint.
    public static func signOutURL(_ metadata: IdentityProviderMetadata, _ settings: OIDCSettings, identityToken: String) -> String? {
        guard let endpoint = metadata.endSessionEndpoint else { return nil }
        return query(endpoint, [("id_token_hint", identityToken), ("post_logout_redirect_uri", settings.signedOutURI),
                                ("client_id", settings.clientID)])
    }

    /// Why the ID token's claims are not a sign-in to this server, or `nil` if they are: the
    /// issuer, the audience (and `azp` when there are several), the expiry and issue time within
    /// `clockSkew`, the nonce of this sign-in, and a subject.
    public static func rejection(of claims: IdentityClaims, settings: OIDCSettings, nonce: String, at now: Date) -> String? {
        guard claims.string("iss") == settings.issuer else { return "it was issued by \(claims.string("iss") ?? "nobody"), not \(settings.issuer)" }
        let audience = claims.strings("aud")
        guard audience.contains(settings.clientID) else { return "it is meant for another client" }
        if let party = claims.string("azp"), party != settings.clientID { return "it was asked for by another client" }
        if audience.count > 1, claims.string("azp") == nil { return "it names several audiences and no authorized party" }
        guard let expiry = claims.number("exp") else { return "it has no expiry" }
        guard now.timeIntervalSince1970 < expiry + clockSkew else { return "it has expired" }
        guard let issued = claims.number("iat") else { return "it has no issue time" }
        guard issued <= now.timeIntervalSince1970 + clockSkew else { return "it was issued in the future" }
        guard let sent = claims.string("nonce"), SecretComparison.equal(sent, nonce) else { return "its nonce is not this sign-in's" }
        guard let subject = claims.string("sub"), !subject.isEmpty else { return "it names no subject" }
        return nil
    }

    /// Whether the userinfo endpoint is worth asking: the claims the access rules read are missing.
    public static func needsUserInfo(_ claims: IdentityClaims, settings: OIDCSettings) -> Bool {
        (!settings.allowedEmails.isEmpty && (claims.string("email") == nil || claims.bool("email_verified") == nil))
            || (!settings.allowedGroups.isEmpty && claims[settings.groupsClaim] == nil)
            || (settings.createAccounts && claims.string("preferred_username") == nil && claims.string("email") == nil)
    }

    /// The ID token's claims with those of userinfo added where it lacks them, if userinfo speaks
    /// of the same subject (a userinfo answer for another subject is not used).
    public static func merged(_ claims: IdentityClaims, userInfo: IdentityClaims) -> IdentityClaims {
        guard userInfo.string("sub") == claims.string("sub") else { return claims }
        return claims.filling(from: userInfo)
    }

    /// Whether the person is let in: a linked account always is; otherwise a verified listed
    /// e-mail address or a listed group lets them in (and an account is made for them if so configured).
    public static func access(_ claims: IdentityClaims, settings: OIDCSettings, linked: Account?) -> OIDCAccess {
        if let linked { return .linked(linked) }
        let email = claims.string("email")?.lowercased()
        let byEmail = email.map { settings.allowedEmails.contains($0) } == true && claims.bool("email_verified") == true
        let byGroup = !settings.allowedGroups.isDisjoint(with: claims.strings(settings.groupsClaim))
        guard byEmail || byGroup else { return .notAllowed }
        return settings.createAccounts ? .create(suggestedName: accountName(claims)) : .noAccount
    }

    /// A name for a new account: the preferred username, else the e-mail's local part, kept to the
    /// characters an account name may hold.
    public static func accountName(_ claims: IdentityClaims) -> String {
        let wanted = claims.string("preferred_username") ?? claims.string("email").map { String($0.prefix { $0 != "@" }) } ?? ""
        let kept = String(String.UnicodeScalarView(wanted.lowercased().unicodeScalars.filter(AccountRegistration.isNameCharacter)).prefix(56))
        return kept.isEmpty ? "user" : kept
    }

    private static func query(_ endpoint: String, _ items: [(String, String)]) -> String {
        var components = URLComponents(string: endpoint) ?? URLComponents()
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + items.map {
            URLQueryItem(name: $0.0, value: $0.1.addingPercentEncoding(withAllowedCharacters: queryValueCharacters))
        }
        return components.string ?? endpoint
    }

    /// Unreserved characters only, so that `+`, `&`, `=` and spaces in a value are always encoded.
    private static let queryValueCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Who a person signing in through the provider is to this server.
public enum OIDCAccess: Equatable, Sendable {
    /// Their identity is linked to this account.
    case linked(Account)
    /// Let in, and an account is to be made for them (`--oidc-create-accounts`).
    case create(suggestedName: String)
    /// Let in, but no account is theirs: an administrator links one (`quill-server account link`).
    case noAccount
    /// Not on any list and linked to no account.
    case notAllowed
}
