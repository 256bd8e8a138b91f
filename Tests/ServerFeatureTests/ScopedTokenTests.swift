import Foundation
import Hummingbird
import HummingbirdTesting
import ServerFeature
import ServerStoreInterface
import StandardTesting
import Testing
import StandardInterfaces

/// Tokens that can do less: a read-only token reads every route and is refused every write,
/// whatever route it names; an expired token is refused everything; and docs/openapi.yaml names
/// the scope each operation needs, by the same rule.
@Suite struct ScopedTokenTests {
    func issue(_ server: TestServer, scope: TokenScope, expires: Date? = nil, number: UInt64 = 100) async throws -> BearerToken {
        try await AccountRegistration(accounts: server.store, tokens: SequentialTokenGenerator(startingAfter: number), hasher: MarkerTokenHasher(),
                                      clock: FixedClock(TestServer.now.addingTimeInterval(-3600)))
            .issueToken(forAccountNamed: "alice", scope: scope, label: "dashboard", expires: expires)
    }

    /// The `/v1` routes that take no token: device login's, which a device without one asks.
    static let tokenless: Set<String> = ["POST /v1/device/code", "POST /v1/device/token"]

    /// Every `/v1` route the router serves that takes a token, with its path parameters filled in.
    static func routes(_ server: TestServer) throws -> [(method: HTTPRequest.Method, path: String)] {
        let router = ServerApplication.router(server.dependencies)
        return router.routes.map(\.self).compactMap { route in
            let template = route.path.description
            guard template.hasPrefix("/v1/"), !tokenless.contains("\(route.method.rawValue) \(template)") else { return nil }
            let path = template.replacingOccurrences(of: "{id}", with: "a1").replacingOccurrences(of: "{revision}", with: "1")
                .replacingOccurrences(of: "{sha256}", with: String(repeating: "ab", count: 32))
            return (route.method, path)
        }
    }

    @Test func aReadOnlyTokenReadsEveryRouteAndIsRefusedEveryWrite() async throws {
        let server = try await TestServer.make()
        let reader = try await issue(server, scope: .readOnly)
        let routes = try Self.routes(server)
        #expect(routes.filter { $0.method == .get }.count >= 10 && routes.filter { $0.method != .get && $0.method != .head }.count >= 6)
        try await server.test { client async throws in
            #expect(try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1")).status == .created)
            for (method, path) in routes {
                // A Last-Event-ID that is no cursor makes GET /v1/events answer 400 rather than stream
                // forever; every other route ignores it.
                let response = try await client.send(method, path, as: .some(reader), json: method == .get || method == .head ? nil : "{}",
                                                     headers: [.ifMatch: "\"1\"", HTTPFields.Element.Name("Last-Event-ID")!: "not-a-cursor"])
                if method == .get || method == .head {
                    #expect(response.status != .forbidden && response.status != .unauthorized, "\(method) \(path) was refused")
                } else {
                    #expect(response.status == .forbidden, "\(method) \(path) answered \(response.status)")
                    if method != .head { #expect(response.errorCode == "read_only_token", "\(method) \(path)") }
                }
            }
            // Nothing the read-only token sent was written.
            let note = try await client.send(.get, "/v1/notes/a1")
            #expect(note.status == .ok && note.headers[.eTag] == "\"1\"")
            #expect(try await client.send(.get, "/v1/changes").text.contains(#""next":"1""#))
            // The full token still writes.
            let deletion = try await client.send(.delete, "/v1/notes/a1", headers: [.ifMatch: "\"1\""])
            #expect(deletion.status == .ok, "\(deletion.text)")
        }
    }

    @Test func anExpiredTokenIsRefusedWithItsOwnCode() async throws {
        let server = try await TestServer.make()
        let expiring = try await issue(server, scope: .full, expires: TestServer.now.addingTimeInterval(1))
        let expired = try await issue(server, scope: .full, expires: TestServer.now, number: 200)
        try await server.test { client async throws in
            #expect(try await client.send(.get, "/v1/notes", as: .some(expiring)).status == .ok)
            let refused = try await client.send(.get, "/v1/notes", as: .some(expired))
            #expect(refused.status == .unauthorized && refused.errorCode == "token_expired")
            #expect(refused.headers[.wwwAuthenticate]?.contains(#"error="invalid_token""#) == true)
        }
    }

    @Test func issuingRefusesALabelOrAnExpiryThatCannotBe() async throws {
        let server = try await TestServer.make()
        let registration = AccountRegistration(accounts: server.store, tokens: SequentialTokenGenerator(startingAfter: 100),
                                               hasher: MarkerTokenHasher(), clock: FixedClock(TestServer.now))
        for label in ["", String(repeating: "x", count: 101), "tab\there"] {
            await #expect(throws: AccountRegistration.Failure.invalidLabel) {
                try await registration.issueToken(forAccountNamed: "alice", label: label)
            }
        }
        await #expect(throws: AccountRegistration.Failure.expiryInThePast(TestServer.now)) {
            try await registration.issueToken(forAccountNamed: "alice", expires: TestServer.now)
        }
        #expect(try await server.store.tokens(ofAccountNamed: "alice").count == 1)
    }

    /// docs/openapi.yaml gives every `/v1` operation `security: [{ bearer: [read] }]` or
    /// `[write]`, by the rule the middleware applies (`TokenScopeRule.allows(_:method:)`), and every
    /// write a 403 answer.
    @Test func theSpecNamesEachOperationsScopeByTheMiddlewaresRule() async throws {
        let lines = OpenAPIDocument.load().lines
        var path = "", method = "", checked = 0
        var scopes: [String: String] = [:], forbidden: Set<String> = []
        for line in lines {
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") { path = String(line.dropFirst(2).dropLast()) }
            if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") { method = String(line.dropFirst(4).dropLast()).uppercased() }
            if line.hasPrefix("      security: [{ bearer: [") { scopes["\(method) \(path)"] = String(line.split(separator: "[")[2].split(separator: "]")[0]) }
            if line == "      security: []", path.hasPrefix("/v1/") { scopes["\(method) \(path)"] = "none" }
            if line.hasPrefix(##"        "403": { $ref: "#/components/responses/ReadOnlyToken" }"##) { forbidden.insert("\(method) \(path)") }
        }
        for route in ServerApplication.router(try await TestServer.make().dependencies).routes where route.path.description.hasPrefix("/v1/") {
            let operation = "\(route.method.rawValue) \(route.path.description)"
            if Self.tokenless.contains(operation) {
                #expect(scopes[operation] == "none", "\(operation) takes no token in docs/openapi.yaml")
                checked += 1
                continue
            }
            let reads = TokenScopeRule.allows(.readOnly, method: route.method.rawValue)
            #expect(scopes[operation] == (reads ? "read" : "write"), "\(operation) in docs/openapi.yaml")
            #expect(forbidden.contains(operation) == !reads, "\(operation): a 403 answer in docs/openapi.yaml exactly for writes")
            checked += 1
        }
        #expect(checked == scopes.count, "every operation with a scope in the spec is a route")
    }
}
