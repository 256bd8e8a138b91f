/// How sign-in through an OpenID Connect provider is configured (`--public-url`, `--oidc-*`):
/// who the provider is, who may sign in, and what becomes of a person without an account.
public struct OIDCSettings: Sendable, Equatable {
    /// The issuer, exactly as the provider's discovery document and ID tokens name it.
    public var issuer: String
    public var clientID: String
    /// The address people reach this server at, without a trailing slash.
    public var publicURL: String
    /// The scopes asked for; `openid` is always among them.
    public var scopes: [String]
    /// E-mail addresses let in when the provider says they are verified, lowercased.
    public var allowedEmails: Set<String>
    /// Groups whose members are let in.
    public var allowedGroups: Set<String>
    /// The claim that lists a person's groups.
    public var groupsClaim: String
    /// Whether a person let in without a linked account gets one at their first sign-in.
    public var createAccounts: Bool
    /// Whether the token form is hidden and people go straight to the provider.
    public var only: Bool

    public static let defaultScopes = ["openid", "email", "profile"]
    public static let defaultGroupsClaim = "groups"

    public init(issuer: String, clientID: String, publicURL: String, scopes: [String] = OIDCSettings.defaultScopes,
                allowedEmails: Set<String> = [], allowedGroups: Set<String> = [], groupsClaim: String = OIDCSettings.defaultGroupsClaim,
                createAccounts: Bool = false, only: Bool = false) {
        self.issuer = issuer
        self.clientID = clientID
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.scopes = scopes.contains("openid") ? scopes : ["openid"] + scopes
        self.allowedEmails = Set(allowedEmails.map { $0.lowercased() })
        self.allowedGroups = allowedGroups
        self.groupsClaim = groupsClaim
        self.createAccounts = createAccounts
        self.only = only
    }

    /// Where the provider sends the browser back: `<public URL>/oidc/callback`.
    public var redirectURI: String { publicURL + "/oidc/callback" }
    /// Where the provider sends the browser after signing out there.
    public var signedOutURI: String { publicURL + "/login" }
}
