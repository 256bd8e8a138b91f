import Foundation
import QuillAPI
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import StandardTesting
import Testing

/// Device login over HTTP (docs/signin.md): `POST /v1/device/code` and `/v1/device/token` without
/// a token, answered as RFC 8628 answers, an approval handed out once; `GET` and
/// `DELETE /v1/devices`; wrong tokens counted per client.
@Suite struct DeviceLoginRoutesTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func aDeviceIsApprovedAndGetsItsOwnTokenOnce() async throws {
        let clock = SteppingClock(start: Self.start, step: 0)
        let server = try await TestServer.make(clock: clock)
        try await server.test { client in
            let started = try await client.send(.post, "/v1/device/code", as: .some(nil), json: #"{"name": "quill on laptop — ノート"}"#)
            #expect(started.status == .ok)
            let code = try started.decoded(DeviceCodeBody.self)
            #expect(code.expiresIn == 600 && code.interval == 5)
            #expect(code.userCode.count == 9 && code.userCode.dropFirst(4).first == "-")
            #expect(code.verificationUri.hasSuffix("/device") && code.verificationUriComplete == code.verificationUri + "?code=" + code.userCode)

            let poll = #"{"deviceCode": "\#(code.deviceCode)"}"#
            #expect(try await client.send(.post, "/v1/device/token", as: .some(nil), json: poll).errorCode == "authorization_pending")
            clock.advance(by: 1)
            #expect(try await client.send(.post, "/v1/device/token", as: .some(nil), json: poll).errorCode == "slow_down")
            clock.advance(by: 5)

            let login = DeviceLogin(dependencies: server.dependencies)
            let waiting = try #require(try await login.request(userCode: code.userCode.lowercased()))
            #expect(waiting.deviceName == "quill on laptop — ノート" && waiting.requestedScope == .full)
            let alice = Account(id: try #require(try await server.store.accountSummaries().first { $0.account.name == "alice" }).account.id, name: "alice")
            let approved = try await login.decide(userCode: waiting.userCode, .approved(account: alice, scope: .readOnly, tokenExpires: nil))
            #expect(approved)

            let granted = try await client.send(.post, "/v1/device/token", as: .some(nil), json: poll)
            #expect(granted.status == .ok)
            let token = try granted.decoded(DeviceTokenBody.self)
            #expect(token.account == "alice" && token.scope == "read-only" && token.expires == nil)
            let bearer = try #require(BearerToken(parsing: token.token))
            #expect(try await client.send(.post, "/v1/device/token", as: .some(nil), json: poll).errorCode == "expired_token", "handed out once")

            let listed = try await client.send(.get, "/v1/devices", as: bearer).decoded(DeviceListBody.self)
            let mine = try #require(listed.devices.first { $0.current })
            #expect(mine.id == bearer.id.rawValue && mine.kind == "token" && mine.label == "quill on laptop — ノート" && mine.scope == "read-only")
            #expect(try await client.send(.post, "/v1/notes", as: bearer, json: JSONSamples.note("a1")).status == .forbidden, "read-only")
        }
    }

    @Test func aDenialAndAnUnknownCodeEndThePolling() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let code = try await client.send(.post, "/v1/device/code", as: .some(nil), json: #"{"name": "ci", "scope": "read-only"}"#)
                .decoded(DeviceCodeBody.self)
            let denied = try await DeviceLogin(dependencies: server.dependencies).decide(userCode: code.userCode.replacingOccurrences(of: "-", with: ""), .denied)
            #expect(denied)
            let poll = #"{"deviceCode": "\#(code.deviceCode)"}"#
            #expect(try await client.send(.post, "/v1/device/token", as: .some(nil), json: poll).errorCode == "access_denied")
            #expect(try await client.send(.post, "/v1/device/token", as: .some(nil), json: poll).errorCode == "expired_token")
            #expect(try await client.send(.post, "/v1/device/token", as: .some(nil), json: #"{"deviceCode": "made-up"}"#).errorCode == "expired_token")
        }
    }

    @Test func badRequestsAreRefusedWithTheFieldNamed() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            for body in [#"{"name": "   "}"#, #"{"name": "x", "scope": "admin"}"#, #"{"name": "x", "client": "y"}"#, "{}", "[]", "no"] {
                let answer = try await client.send(.post, "/v1/device/code", as: .some(nil), json: body)
                #expect(answer.status == .badRequest, "\(body)")
            }
            let misspelt = try await client.send(.post, "/v1/device/token", as: .some(nil), json: #"{"device_code": "x"}"#)
            #expect(misspelt.status == .badRequest)
        }
    }

    @Test func guessingDeviceCodesIsSlowedDown() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            for number in 0..<20 {
                let answer = try await client.send(.post, "/v1/device/token", as: .some(nil), json: #"{"deviceCode": "guess\#(number)"}"#)
                #expect(answer.errorCode == "expired_token")
            }
            let refused = try await client.send(.post, "/v1/device/token", as: .some(nil), json: #"{"deviceCode": "guess20"}"#)
            #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] != nil)
        }
    }

    @Test func aDeviceIsRevokedAtOnceOnlyByItsAccount() async throws {
        let server = try await TestServer.make()
        let registration = AccountRegistration(accounts: server.store, tokens: SequentialTokenGenerator(startingAfter: 500), hasher: MarkerTokenHasher(),
                                               clock: FixedClock(TestServer.now))
        let laptop = try await registration.issueToken(forAccountNamed: "alice", label: "laptop")
        try await server.test { client in
            #expect(try await client.send(.get, "/v1/notes", as: laptop).status == .ok)
            let listed = try await client.send(.get, "/v1/devices").decoded(DeviceListBody.self)
            #expect(Set(listed.devices.map(\.label)) == [nil, "laptop"] && listed.devices.filter(\.current).count == 1)
            #expect(try await client.send(.delete, "/v1/devices/\(laptop.id.rawValue)", as: client.bob).status == .notFound)
            #expect(try await client.send(.delete, "/v1/devices/\(laptop.id.rawValue)").status == .noContent)
            #expect(try await client.send(.get, "/v1/notes", as: laptop).status == .unauthorized, "refused at once, not after the cache's 30 s")
            #expect(try await client.send(.delete, "/v1/devices/s0123456789abcdef").status == .notFound)
        }
    }

    @Test func wrongTokensFromOneClientAreSlowedDownAndTheRightOneStillPassesForItsAccount() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let wrong = BearerToken(id: server.alice.id, secret: "wrong")
            for _ in 0..<20 { #expect(try await client.send(.get, "/v1/notes", as: wrong).status == .unauthorized) }
            let refused = try await client.send(.get, "/v1/notes", as: wrong)
            #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] != nil && refused.errorCode == "too_many_attempts")
        }
    }
}
