import Foundation
import Hummingbird
import HummingbirdTesting
import StandardInterfaces
import StandardTesting
import OIDCIdentityProvider
import Testing

/// What every `IdentityProvider` does, the fake and the live adapter (against `TestOpenIDProvider`
/// over real HTTP) alike: a code redeems once to the claims of the person who signed in, an
/// unknown code is refused, userinfo answers for the access token.
@Suite struct IdentityProviderContractTests {
    static let redirectURI = "https://notes.example/oidc/callback"
    static let person = IdentityClaims(["sub": .string("248289761001"), "name": .string("アン・ショーリー"), "email": .string("ann@example.com"),
                                        "email_verified": .bool(true), "groups": .array([.string("notes"), .string("عائلة")])])

    /// One implementation under test: the provider, and how a person signs in at it.
    struct Subject: Sendable {
        let provider: any IdentityProvider
        let signIn: @Sendable (IdentityClaims, IdentityClaims?) async -> String
    }

    enum Kind: String, CaseIterable, Sendable { case inMemory, live }

    static func withSubject(_ kind: Kind, _ body: @escaping @Sendable (Subject) async throws -> Void) async throws {
        switch kind {
        case .inMemory:
            let fake = InMemoryIdentityProvider()
            try await body(Subject(provider: fake, signIn: { await fake.issueCode(claims: $0, redirectURI: redirectURI, userInfo: $1) }))
        case .live:
            try await LiveProvider.run { live, provider in
                try await body(Subject(provider: provider, signIn: { await live.issueCode(claims: $0, userInfo: $1) }))
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aCodeRedeemsOnceToThePersonsClaims(_ kind: Kind) async throws {
        try await Self.withSubject(kind) { subject in
            let code = await subject.signIn(Self.person, nil)
            let tokens = try await subject.provider.redeem(AuthorizationCodeGrant(code: code, verifier: String(repeating: "v", count: 43),
                                                                                  redirectURI: Self.redirectURI))
            #expect(tokens.claims.string("sub") == "248289761001")
            #expect(tokens.claims.string("name") == "アン・ショーリー")
            #expect(tokens.claims.strings("groups") == ["notes", "عائلة"])
            #expect(!tokens.idToken.isEmpty && tokens.accessToken != nil)
            await #expect(throws: IdentityProviderFailure.self) {
                try await subject.provider.redeem(AuthorizationCodeGrant(code: code, verifier: String(repeating: "v", count: 43),
                                                                         redirectURI: Self.redirectURI))
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func anUnknownCodeIsRefused(_ kind: Kind) async throws {
        try await Self.withSubject(kind) { subject in
            do {
                _ = try await subject.provider.redeem(AuthorizationCodeGrant(code: "never-issued", verifier: "v", redirectURI: Self.redirectURI))
                Issue.record("an unknown code was redeemed")
            } catch let failure as IdentityProviderFailure {
                guard case .refused = failure else { Issue.record("expected refused, got \(failure)"); return }
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func userinfoAnswersForTheAccessToken(_ kind: Kind) async throws {
        try await Self.withSubject(kind) { subject in
            let code = await subject.signIn(IdentityClaims(["sub": .string("s")]), Self.person)
            let tokens = try await subject.provider.redeem(AuthorizationCodeGrant(code: code, verifier: "v", redirectURI: Self.redirectURI))
            let info = try await subject.provider.userInfo(accessToken: try #require(tokens.accessToken))
            #expect(info == Self.person)
            await #expect(throws: IdentityProviderFailure.self) { try await subject.provider.userInfo(accessToken: "forged") }
        }
    }

    @Test(arguments: Kind.allCases)
    func metadataNamesTheIssuersEndpoints(_ kind: Kind) async throws {
        try await Self.withSubject(kind) { subject in
            let metadata = try await subject.provider.metadata()
            #expect(metadata.authorizationEndpoint.hasSuffix("/authorize"))
            #expect(metadata.tokenEndpoint.hasSuffix("/token"))
            #expect(metadata.endSessionEndpoint?.hasSuffix("/logout") == true)
        }
    }
}
