import Foundation
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import StandardInterfaces
import StandardTesting
import Testing
import UnimplementedDoubles

/// The rules of signing in through an OpenID Connect provider, with crafted claims: which ID
/// tokens are accepted, who is let in, and the requests sent to the provider.
@Suite struct OIDCRulesTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
    static let settings = OIDCSettings(issuer: "https://id.example", clientID: "quill", publicURL: "https://notes.example",
                                       allowedEmails: ["Ann@Example.com"], allowedGroups: ["notes"])

    static func claims(_ changes: [String: ClaimValue?] = [:]) -> IdentityClaims {
        var claims = IdentityClaims([
            "iss": .string("https://id.example"), "aud": .string("quill"), "sub": .string("s1"), "nonce": .string("n-1"),
            "exp": .number(now.timeIntervalSince1970 + 300), "iat": .number(now.timeIntervalSince1970 - 5),
        ])
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    @Test func aTokenOfThisSignInIsAccepted() {
        #expect(OIDCRules.rejection(of: Self.claims(), settings: Self.settings, nonce: "n-1", at: Self.now) == nil)
        let severalAudiences = Self.claims(["aud": .array([.string("quill"), .string("other")]), "azp": .string("quill")])
        #expect(OIDCRules.rejection(of: severalAudiences, settings: Self.settings, nonce: "n-1", at: Self.now) == nil)
    }

    @Test(arguments: [
        ("iss", ClaimValue?.some(.string("https://id.example/"))), ("iss", nil), ("aud", .some(.string("other"))), ("aud", nil),
        ("azp", .some(.string("other"))), ("nonce", .some(.string("n-2"))), ("nonce", nil), ("sub", .some(.string(""))), ("sub", nil),
        ("exp", .some(.number(now.timeIntervalSince1970 - OIDCRules.clockSkew))), ("exp", nil),
        ("iat", .some(.number(now.timeIntervalSince1970 + OIDCRules.clockSkew + 1))), ("iat", nil),
    ])
    func aTokenNotOfThisSignInIsRejected(_ claim: String, _ value: ClaimValue?) {
        #expect(OIDCRules.rejection(of: Self.claims([claim: value]), settings: Self.settings, nonce: "n-1", at: Self.now) != nil)
    }

    @Test func severalAudiencesWithoutAnAuthorizedPartyAreRejected() {
        let claims = Self.claims(["aud": .array([.string("quill"), .string("other")])])
        #expect(OIDCRules.rejection(of: claims, settings: Self.settings, nonce: "n-1", at: Self.now) != nil)
    }

    @Test func theClockSkewIsAllowedBothWays() {
        let late = Self.claims(["exp": .number(Self.now.timeIntervalSince1970 - OIDCRules.clockSkew + 1)])
        #expect(OIDCRules.rejection(of: late, settings: Self.settings, nonce: "n-1", at: Self.now) == nil)
        let early = Self.claims(["iat": .number(Self.now.timeIntervalSince1970 + OIDCRules.clockSkew)])
        #expect(OIDCRules.rejection(of: early, settings: Self.settings, nonce: "n-1", at: Self.now) == nil)
    }

    @Test func aLinkedAccountIsLetInWhateverTheLists() {
        let ann = Account(id: AccountID(3), name: "ann")
        #expect(OIDCRules.access(Self.claims(), settings: Self.settings, linked: ann) == .linked(ann))
    }

    @Test func onlyAVerifiedListedAddressOrAListedGroupLetsIn() {
        let verified = Self.claims(["email": .string("ANN@example.com"), "email_verified": .bool(true)])
        #expect(OIDCRules.access(verified, settings: Self.settings, linked: nil) == .noAccount)
        let verifiedAsText = Self.claims(["email": .string("ann@example.com"), "email_verified": .string("true")])
        #expect(OIDCRules.access(verifiedAsText, settings: Self.settings, linked: nil) == .noAccount)
        let unverified = Self.claims(["email": .string("ann@example.com"), "email_verified": .bool(false)])
        #expect(OIDCRules.access(unverified, settings: Self.settings, linked: nil) == .notAllowed)
        let unsaid = Self.claims(["email": .string("ann@example.com")])
        #expect(OIDCRules.access(unsaid, settings: Self.settings, linked: nil) == .notAllowed)
        let member = Self.claims(["groups": .array([.string("staff"), .string("notes")])])
        #expect(OIDCRules.access(member, settings: Self.settings, linked: nil) == .noAccount)
        let oneGroup = Self.claims(["groups": .string("notes")])
        #expect(OIDCRules.access(oneGroup, settings: Self.settings, linked: nil) == .noAccount)
        #expect(OIDCRules.access(Self.claims(), settings: Self.settings, linked: nil) == .notAllowed)
        var create = Self.settings
        create.createAccounts = true
        #expect(OIDCRules.access(member, settings: create, linked: nil) == .create(suggestedName: "user"))
    }

    @Test func aNewAccountIsNamedAfterThePersonInTheCharactersNamesTake() {
        #expect(OIDCRules.accountName(IdentityClaims(["preferred_username": .string("Ann Shirley")])) == "annshirley")
        #expect(OIDCRules.accountName(IdentityClaims(["email": .string("Émile.Z@example.com")])) == "émile.z")
        #expect(OIDCRules.accountName(IdentityClaims(["preferred_username": .string("李小龍")])) == "李小龍")
        #expect(OIDCRules.accountName(IdentityClaims(["preferred_username": .string("🙂🙂")])) == "user")
        #expect(AccountRegistration.isValidName(OIDCRules.accountName(IdentityClaims(["preferred_username": .string(String(repeating: "a", count: 200))]))))
    }

    @Test func theAuthorizationRequestEncodesEveryValue() throws {
        let metadata = IdentityProviderMetadata(issuer: "https://id.example", authorizationEndpoint: "https://id.example/auth?tenant=a+b",
                                                tokenEndpoint: "https://id.example/token")
        var settings = Self.settings
        settings.scopes = ["openid", "email", "groups"]
        let url = try #require(URLComponents(string: OIDCRules.authorizationURL(metadata, settings, state: "s+/=", nonce: "n&1", verifier: "v")))
        let items = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(items["tenant"] == "a+b", "the endpoint's own query is kept")
        #expect(items["state"] == "s+/=" && items["nonce"] == "n&1")
        #expect(items["scope"] == "openid email groups")
        #expect(items["redirect_uri"] == "https://notes.example/oidc/callback")
        #expect(url.percentEncodedQuery?.contains("s%2B%2F%3D") == true)
    }

    @Test func thePKCEChallengeIsRFC7636sExample() {
        // RFC 7636, appendix B.
        #expect(OIDCRules.codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func settingsAlwaysAskForOpenIDAndDropTheTrailingSlash() {
        let settings = OIDCSettings(issuer: "https://id.example", clientID: "c", publicURL: "https://notes.example/quill/", scopes: ["email"])
        #expect(settings.scopes == ["openid", "email"])
        #expect(settings.redirectURI == "https://notes.example/quill/oidc/callback")
    }
}

/// `OIDCSignIn`'s first check, before the store or the provider is asked: a callback must come to
/// the browser that started the sign-in.
@Suite struct OIDCSignInRefusalTests {
    static let signIn = OIDCSignIn(
        settings: OIDCRulesTests.settings, provider: UnimplementedIdentityProvider(), links: UnimplementedIdentityLinks(),
        pending: UnimplementedPendingSignIns(), accounts: InMemoryServerStore(), secrets: SequentialTokenGenerator(), hasher: MarkerTokenHasher(),
        clock: FixedClock(OIDCRulesTests.now))

    @Test(arguments: [String?.none, "another-state", ""])
    func aCallbackWithoutThisBrowsersStateIsRefusedBeforeAnythingIsAsked(_ browserState: String?) async {
        do {
            _ = try await Self.signIn.finish(code: "code", state: "the-state", browserState: browserState)
            Issue.record("finished")
        } catch {
            #expect(error == .otherBrowser)
        }
    }
}
