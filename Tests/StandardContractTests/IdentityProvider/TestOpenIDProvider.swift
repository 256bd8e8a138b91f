import Foundation
import Hummingbird
import StandardInterfaces
import JWTKit

/// A small OpenID Connect provider over real HTTP, for the live adapter's tests: discovery, a JWK
/// set, a token endpoint that signs ID tokens with ES256 (jwt-kit), and userinfo. Tests turn its
/// knobs to serve what a broken or hostile provider would: tokens signed by another key, with
/// `none` or HMAC, a rotated key, another issuer.
actor TestOpenIDProvider {
    /// The issuer the discovery document names; `nil`: the address it is reached at.
    var claimedIssuer: String?
    /// How the next ID tokens are made from their claims; `nil`: signed by the current key.
    var craft: (@Sendable (IdentityClaims) async throws -> String)?
    private(set) var jwksFetches = 0
    private(set) var tokenRequests: [(authorization: String?, form: [String: String])] = []

    private var codes: [String: IdentityClaims] = [:]
    private var userInfos: [String: IdentityClaims] = [:]
    private var issued = 0
    private var signing = JWTKeyCollection()
    private var currentKid = "key-1"
    private var published: [String] = []

    init() async {
        await rotate(to: "key-1")
    }

    /// Makes a new signing key the current one and publishes it beside the old ones.
    func rotate(to kid: String) async {
        let key = ES256PrivateKey()
        await signing.add(ecdsa: key, kid: JWKIdentifier(string: kid))
        currentKid = kid
        let (x, y) = key.publicKey.parameters ?? ("", "")
        published.append(#"{"kty":"EC","crv":"P-256","alg":"ES256","use":"sig","kid":"\#(kid)","x":"\#(x)","y":"\#(y)"}"#)
    }

    /// A signature by a key it never published, under a published key ID.
    func signedByAnotherKey(_ claims: IdentityClaims) async throws -> String {
        let impostor = JWTKeyCollection()
        await impostor.add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: currentKid))
        return try await impostor.sign(Payload(claims: claims), kid: JWKIdentifier(string: currentKid))
    }

    func setCraft(_ craft: (@Sendable (IdentityClaims) async throws -> String)?) { self.craft = craft }
    func setClaimedIssuer(_ issuer: String?) { claimedIssuer = issuer }

    func issueCode(claims: IdentityClaims, userInfo: IdentityClaims?) -> String {
        issued += 1
        let code = "code-\(issued)"
        codes[code] = claims
        if let userInfo { userInfos["access-\(code)"] = userInfo }
        return code
    }

    // MARK: Endpoints

    func discovery(issuer reached: String) -> String {
        let issuer = claimedIssuer ?? reached
        return """
            {"issuer":"\(issuer)","authorization_endpoint":"\(reached)/authorize","token_endpoint":"\(reached)/token",
             "userinfo_endpoint":"\(reached)/userinfo","end_session_endpoint":"\(reached)/logout","jwks_uri":"\(reached)/jwks",
             "response_types_supported":["code"],"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["ES256"],
             "token_endpoint_auth_methods_supported":["client_secret_basic","client_secret_post"]}
            """
    }

    func jwks() -> String {
        jwksFetches += 1
        return #"{"keys":[\#(published.joined(separator: ","))]}"#
    }

    func token(form: [String: String], authorization: String?) async throws -> (HTTPResponse.Status, String) {
        tokenRequests.append((authorization, form))
        guard form["grant_type"] == "authorization_code", let code = form["code"], let claims = codes.removeValue(forKey: code) else {
            return (.badRequest, #"{"error":"invalid_grant","error_description":"unknown or used code"}"#)
        }
        let idToken: String
        if let craft { idToken = try await craft(claims) } else {
            idToken = try await signing.sign(Payload(claims: claims), kid: JWKIdentifier(string: currentKid))
        }
        return (.ok, #"{"access_token":"access-\#(code)","token_type":"Bearer","expires_in":300,"id_token":"\#(idToken)"}"#)
    }

    func userInfo(authorization: String?) -> (HTTPResponse.Status, String) {
        guard let token = authorization?.split(separator: " ").last.map(String.init), let claims = userInfos[token],
              let data = try? JSONEncoder().encode(claims) else { return (.unauthorized, #"{"error":"invalid_token"}"#) }
        return (.ok, String(decoding: data, as: UTF8.self))
    }

    /// The provider's routes on a Hummingbird router.
    nonisolated func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/.well-known/openid-configuration") { request, _ in
            Self.json(.ok, await self.discovery(issuer: "http://\(request.head.authority ?? "127.0.0.1")"))
        }
        router.get("/jwks") { _, _ in Self.json(.ok, await self.jwks()) }
        router.post("/token") { request, _ in
            let body = try await request.body.collect(upTo: 1 << 16)
            let form = Dictionary(String(buffer: body).split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
            let (status, text) = try await self.token(form: form, authorization: request.headers[.authorization])
            return Self.json(status, text)
        }
        router.get("/userinfo") { request, _ in
            let (status, text) = await self.userInfo(authorization: request.headers[.authorization])
            return Self.json(status, text)
        }
        return router
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Claims as jwt-kit signs them.
    struct Payload: JWTPayload {
        let claims: IdentityClaims
        init(claims: IdentityClaims) { self.claims = claims }
        init(from decoder: any Decoder) throws { claims = try IdentityClaims(from: decoder) }
        func encode(to encoder: any Encoder) throws { try claims.encode(to: encoder) }
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}
