import Foundation
import StandardInterfaces
import JWTKit
import OIDCIdentityProvider
import Testing

/// The live adapter against tokens a broken or hostile provider would send: each is refused as
/// `.invalidToken`, a rotated key is fetched, another issuer or no provider at all is `.unreachable`,
/// and the client authenticates with its secret.
@Suite struct OIDCIdentityProviderTests {
    static let person = IdentityClaims(["sub": .string("s-1"), "nonce": .string("n")])
    static func grant(_ code: String) -> AuthorizationCodeGrant {
        AuthorizationCodeGrant(code: code, verifier: "verifier-0123456789", redirectURI: "https://n.example/cb")
    }

    static func expectInvalidToken(_ live: TestOpenIDProvider, _ provider: OIDCIdentityProvider) async throws {
        let code = await live.issueCode(claims: person, userInfo: nil)
        do {
            _ = try await provider.redeem(grant(code))
            Issue.record("a token that is not the provider's was accepted")
        } catch let failure as IdentityProviderFailure {
            guard case .invalidToken = failure else { Issue.record("expected invalidToken, got \(failure)"); return }
        }
    }

    @Test func aTokenSignedByAnUnpublishedKeyUnderAPublishedIDIsRefused() async throws {
        try await LiveProvider.run { live, provider in
            await live.setCraft { claims in try await live.signedByAnotherKey(claims) }
            try await Self.expectInvalidToken(live, provider)
        }
    }

    @Test func anUnsignedTokenIsRefused() async throws {
        try await LiveProvider.run { live, provider in
            await live.setCraft { claims in
                let header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64URL
                return header + "." + (try JSONEncoder().encode(claims)).base64URL + "."
            }
            try await Self.expectInvalidToken(live, provider)
        }
    }

    @Test func aTokenSignedWithTheClientSecretIsRefused() async throws {
        try await LiveProvider.run { live, provider in
            await live.setCraft { claims in
                let keys = JWTKeyCollection()
                await keys.add(hmac: HMACKey(from: LiveProvider.clientSecret), digestAlgorithm: .sha256, kid: "key-1")
                return try await keys.sign(TestOpenIDProvider.Payload(claims: claims), kid: "key-1")
            }
            try await Self.expectInvalidToken(live, provider)
        }
    }

    @Test func aMalformedTokenIsRefused() async throws {
        try await LiveProvider.run { live, provider in
            await live.setCraft { _ in "not.a.jwt-at-all" }
            try await Self.expectInvalidToken(live, provider)
        }
    }

    @Test func aRotatedKeyIsFetchedWhenATokenNamesIt() async throws {
        try await LiveProvider.run { live, provider in
            let first = try await provider.redeem(Self.grant(await live.issueCode(claims: Self.person, userInfo: nil)))
            #expect(first.claims.string("sub") == "s-1")
            let _ = try await provider.redeem(Self.grant(await live.issueCode(claims: Self.person, userInfo: nil)))
            #expect(await live.jwksFetches == 1, "the keys are cached")
            await live.rotate(to: "key-2")
            let rotated = try await provider.redeem(Self.grant(await live.issueCode(claims: Self.person, userInfo: nil)))
            #expect(rotated.claims.string("sub") == "s-1")
            #expect(await live.jwksFetches == 2, "a new key ID fetched the keys again")
        }
    }

    @Test func madeUpKeyIDsDoNotFetchTheKeysOnEveryCallback() async throws {
        try await LiveProvider.run(keyRefetchInterval: .seconds(60)) { live, provider in
            _ = try await provider.redeem(Self.grant(await live.issueCode(claims: Self.person, userInfo: nil)))
            for kid in ["made-up-1", "made-up-2", "made-up-3"] {
                await live.setCraft { claims in
                    let keys = JWTKeyCollection()
                    await keys.add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: kid))
                    return try await keys.sign(TestOpenIDProvider.Payload(claims: claims), kid: JWKIdentifier(string: kid))
                }
                try await Self.expectInvalidToken(live, provider)
            }
            #expect(await live.jwksFetches == 1)
        }
    }

    @Test func theCodeIsRedeemedWithTheVerifierAndTheClientsSecret() async throws {
        try await LiveProvider.run { live, provider in
            _ = try await provider.redeem(Self.grant(await live.issueCode(claims: Self.person, userInfo: nil)))
            let request = try #require(await live.tokenRequests.first)
            #expect(request.form["code_verifier"] == "verifier-0123456789")
            #expect(request.form["redirect_uri"] == "https://n.example/cb")
            #expect(request.form["client_secret"] == nil, "the secret goes in the Authorization header (client_secret_basic)")
            let basic = try #require(request.authorization?.split(separator: " ").last.flatMap { Data(base64Encoded: String($0)) })
            #expect(String(decoding: basic, as: UTF8.self) == "quill-web:s3cret%3A%2B%26-0123456789abcdefghijklmnopqrstuv")
        }
    }

    @Test func aDiscoveryDocumentOfAnotherIssuerIsRefused() async throws {
        try await LiveProvider.run { live, provider in
            await live.setClaimedIssuer("https://impostor.example")
            do {
                _ = try await provider.metadata()
                Issue.record("another issuer's document was used")
            } catch let failure as IdentityProviderFailure {
                #expect(failure.description.contains("https://impostor.example"))
            }
        }
    }

    @Test func noProviderListeningIsUnreachableAndSaysWhere() async throws {
        let provider = OIDCIdentityProvider(issuer: "http://127.0.0.1:9", clientID: "c", clientSecret: nil, timeout: 2)
        do {
            _ = try await provider.metadata()
            Issue.record("a provider was found on the discard port")
        } catch let failure as IdentityProviderFailure {
            guard case .unreachable(let reason) = failure else { Issue.record("expected unreachable, got \(failure)"); return }
            #expect(reason.contains("127.0.0.1:9"))
        }
    }
}

extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
