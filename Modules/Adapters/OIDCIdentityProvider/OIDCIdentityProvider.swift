import AsyncHTTPClient
import Foundation
import StandardInterfaces
import JWTKit
import NIOCore
import NIOHTTP1
import NIOPosix

/// The live `IdentityProvider`: OpenID Connect over HTTP(S) with async-http-client, ID token
/// signatures checked by jwt-kit against the provider's JWKS.
///
/// Discovery is read at most every ten seconds (a failure is remembered as long, so that a
/// provider that is down costs the sign-in page one timeout in ten seconds, not one each, and one
/// that comes back is seen soon). The keys are cached and
/// fetched again when a token names a key ID they lack (a rotation), at most every few seconds.
/// Only asymmetric signatures are accepted: `none` and HMAC (keyed with the client secret) are refused.
public actor OIDCIdentityProvider: IdentityProvider {
    private let issuer: String
    private let clientID: String
    private let clientSecret: String?
    private let timeout: TimeAmount
    private let eventLoops: MultiThreadedEventLoopGroup
    private let client: HTTPClient

    private var discovered: (document: DiscoveryDocument, at: ContinuousClock.Instant)?
    private var lastFailure: (reason: String, at: ContinuousClock.Instant)?
    private var keys: (collection: JWTKeyCollection, ids: Set<String>, at: ContinuousClock.Instant)?

    /// How long discovery, and a failure to reach it, are remembered.
    static let discoveryLifetime: Duration = .seconds(10)
    /// The shortest time between two fetches of the keys, so that tokens naming made-up key IDs
    /// cannot make the server fetch them on every callback.
    private let keyRefetchInterval: Duration
    /// The largest answer read from the provider.
    static let largestAnswer = 1 << 20

    public init(issuer: String, clientID: String, clientSecret: String?, timeout: TimeInterval = 10, keyRefetchInterval: Duration = .seconds(5)) {
        self.issuer = issuer
        self.keyRefetchInterval = keyRefetchInterval
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.timeout = .milliseconds(Int64(timeout * 1000))
        eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var configuration = HTTPClient.Configuration(timeout: .init(connect: self.timeout, read: self.timeout))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroup: eventLoops, configuration: configuration)
    }

    deinit {
        let eventLoops = eventLoops
        client.shutdown { _ in eventLoops.shutdownGracefully { _ in } }
    }

    public func metadata() async throws -> IdentityProviderMetadata {
        try await discovery().metadata
    }

    public func redeem(_ grant: AuthorizationCodeGrant) async throws -> IdentityTokens {
        let document = try await discovery()
        var form = [("grant_type", "authorization_code"), ("code", grant.code), ("redirect_uri", grant.redirectURI),
                    ("code_verifier", grant.verifier), ("client_id", clientID)]
        var request = HTTPClientRequest(url: document.tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        if let clientSecret {
            if document.prefersSecretInBody {
                form.append(("client_secret", clientSecret))
            } else {
                let credentials = "\(Self.formEncoded(clientID)):\(Self.formEncoded(clientSecret))"
                request.headers.add(name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
            }
        }
        request.body = .bytes(ByteBuffer(string: form.map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&")))
        let (status, body) = try await send(request)
        guard status == .ok else { throw IdentityProviderFailure.refused(Self.errorText(status, body)) }
        let answer: TokenAnswer
        do { answer = try JSONDecoder().decode(TokenAnswer.self, from: body) } catch {
            throw IdentityProviderFailure.unreachable("the token endpoint answered something that is not a token response")
        }
        guard let idToken = answer.id_token else { throw IdentityProviderFailure.refused("the token endpoint sent no ID token") }
        return IdentityTokens(idToken: idToken, claims: try await verified(idToken, document: document), accessToken: answer.access_token)
    }

    public func userInfo(accessToken: String) async throws -> IdentityClaims {
        let document = try await discovery()
        guard let endpoint = document.metadata.userInfoEndpoint else { throw IdentityProviderFailure.refused("the provider has no userinfo endpoint") }
        var request = HTTPClientRequest(url: endpoint)
        request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
        request.headers.add(name: "Accept", value: "application/json")
        let (status, body) = try await send(request)
        guard status == .ok else { throw IdentityProviderFailure.refused(Self.errorText(status, body)) }
        do { return try JSONDecoder().decode(IdentityClaims.self, from: body) } catch {
            throw IdentityProviderFailure.refused("the userinfo endpoint answered something that is not JSON claims")
        }
    }

    // MARK: Discovery and keys

    private func discovery() async throws -> DiscoveryDocument {
        let now = ContinuousClock.now
        if let discovered, now - discovered.at < Self.discoveryLifetime { return discovered.document }
        if let lastFailure, now - lastFailure.at < Self.discoveryLifetime { throw IdentityProviderFailure.unreachable(lastFailure.reason) }
        do {
            let document = try await fetchDiscovery()
            discovered = (document, now)
            lastFailure = nil
            return document
        } catch let failure as IdentityProviderFailure {
            // Remembered as long as a success is: sign-in pages say the provider is down without waiting each time.
            lastFailure = (failure.reason, now)
            discovered = nil
            throw failure
        }
    }

    private func fetchDiscovery() async throws -> DiscoveryDocument {
        let address = (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
        let (status, body) = try await send(HTTPClientRequest(url: address))
        guard status == .ok else { throw IdentityProviderFailure.unreachable("\(address) answered \(status.code)") }
        let document: DiscoveryDocument
        do { document = try JSONDecoder().decode(DiscoveryDocument.self, from: body) } catch {
            throw IdentityProviderFailure.unreachable("\(address) is not an OpenID Connect discovery document")
        }
        guard document.issuer == issuer else {
            throw IdentityProviderFailure.unreachable("the discovery document names the issuer \(document.issuer), not \(issuer)")
        }
        return document
    }

    /// The token's claims once its signature is checked against the provider's keys.
    private func verified(_ token: String, document: DiscoveryDocument) async throws -> IdentityClaims {
        let header = try Self.header(of: token)
        guard let algorithm = header.alg, !algorithm.hasPrefix("HS"), algorithm.lowercased() != "none" else {
            throw IdentityProviderFailure.invalidToken("it is signed with \(header.alg ?? "no algorithm"), not a key of the provider's")
        }
        var collection = try await keyCollection(document: document, refresh: false)
        if let kid = header.kid, !collection.ids.contains(kid) {
            collection = try await keyCollection(document: document, refresh: true)
        }
        do {
            // A token that names no key is tried against each (a provider with one key may omit `kid`).
            return try await collection.collection.verify(token, as: VerifiedClaims.self, iteratingKeys: header.kid == nil).claims
        } catch {
            throw IdentityProviderFailure.invalidToken("its signature does not verify against the provider's keys (\(error))")
        }
    }

    private func keyCollection(document: DiscoveryDocument, refresh: Bool) async throws
        -> (collection: JWTKeyCollection, ids: Set<String>, at: ContinuousClock.Instant) {
        let now = ContinuousClock.now
        if let keys, !refresh || now - keys.at < keyRefetchInterval { return keys }
        let (status, body) = try await send(HTTPClientRequest(url: document.jwks_uri))
        guard status == .ok else { throw IdentityProviderFailure.unreachable("the provider's keys (\(document.jwks_uri)) answered \(status.code)") }
        let jwks: JWKS
        do { jwks = try JSONDecoder().decode(JWKS.self, from: body) } catch {
            throw IdentityProviderFailure.unreachable("the provider's keys are not a JWK set")
        }
        let collection = JWTKeyCollection()
        var ids = Set<String>()
        for key in jwks.keys where key.keyIdentifier != nil {
            // Keys of kinds jwt-kit cannot use (or symmetric ones) are skipped, not fatal.
            guard (try? await collection.add(jwk: key)) != nil else { continue }
            if let kid = key.keyIdentifier?.string { ids.insert(kid) }
        }
        keys = (collection, ids, now)
        return (collection, ids, now)
    }

    // MARK: HTTP

    private func send(_ request: HTTPClientRequest) async throws -> (HTTPResponseStatus, Data) {
        do {
            let response = try await client.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: Self.largestAnswer)
            return (response.status, Data(body.readableBytesView))
        } catch let failure as IdentityProviderFailure {
            throw failure
        } catch {
            throw IdentityProviderFailure.unreachable("\(request.url): \(error)")
        }
    }

    private static func header(of token: String) throws -> TokenHeader {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = base64URLDecoded(String(parts[0])),
              let header = try? JSONDecoder().decode(TokenHeader.self, from: data) else {
            throw IdentityProviderFailure.invalidToken("it is not a signed JWT")
        }
        return header
    }

    private static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private static func formEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func errorText(_ status: HTTPResponseStatus, _ body: Data) -> String {
        if let error = try? JSONDecoder().decode(ErrorAnswer.self, from: body) {
            return [error.error, error.error_description].compactMap { $0 }.joined(separator: ": ")
        }
        return "HTTP \(status.code)"
    }
}

extension IdentityProviderFailure {
    var reason: String {
        switch self {
        case .unreachable(let reason), .refused(let reason), .invalidToken(let reason): reason
        }
    }
}
