import Foundation
import ServerStoreInterface
import StandardInterfaces
import Testing

/// What every server store keeps of devices waiting to sign in (docs/signin.md): SQLite,
/// PostgreSQL and memory answer alike, and hand an approval out once however many polls race.
@Suite struct DeviceAuthorizationContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)
    static let now = Date(timeIntervalSince1970: 1_767_225_600.123)

    static func request(_ code: String, userCode: String, scope: TokenScope = .full, lifetime: TimeInterval = 600) -> DeviceAuthorization {
        DeviceAuthorization(deviceCodeHash: TokenHash(bytes: Array("device:\(code)".utf8)), userCode: userCode,
                            deviceName: "quill on laptop — ノート", requestedScope: scope, requestedFrom: "2001:db8::7", created: now,
                            expires: now.addingTimeInterval(lifetime))
    }

    @Test(arguments: implementations)
    func aRequestIsKeptAsMadeAndFoundByItsUserCodeWhileLive(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let request = Self.request("a", userCode: "BCDFGHJK", scope: .readOnly)
            let answer1 = try await store.createDeviceAuthorization(request)
            #expect(answer1)
            let answer2 = try await store.deviceAuthorization(userCode: "BCDFGHJK", at: Self.now)
            #expect(answer2 == request)
            let answer3 = try await store.deviceAuthorization(userCode: "BCDFGHJL", at: Self.now)
            #expect(answer3 == nil)
            let answer4 = try await store.deviceAuthorization(userCode: "BCDFGHJK", at: request.expires)
            #expect(answer4 == nil, "expired: not found")
        }
    }

    @Test(arguments: implementations)
    func aUserCodeIsLiveOnceButFreeAgainOnceExpired(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let answer5 = try await store.createDeviceAuthorization(Self.request("a", userCode: "BCDFGHJK", lifetime: 60))
            #expect(answer5)
            let answer6 = try await store.createDeviceAuthorization(Self.request("b", userCode: "BCDFGHJK"))
            #expect(!answer6, "the code is taken")
            let later = DeviceAuthorization(
                deviceCodeHash: TokenHash(bytes: Array("device:c".utf8)), userCode: "BCDFGHJK", deviceName: "again", requestedScope: .full,
                requestedFrom: nil, created: Self.now.addingTimeInterval(60), expires: Self.now.addingTimeInterval(660))
            let answer7 = try await store.createDeviceAuthorization(later)
            #expect(answer7, "the expired request was forgotten")
            let answer8 = try await store.deviceAuthorization(userCode: "BCDFGHJK", at: later.created)
            #expect(answer8 == later)
        }
    }

    @Test(arguments: implementations)
    func aDecisionIsRecordedOnceOnALiveRequest(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let ann = Account(id: try await store.newAccount("ann"), name: "ann")
            _ = try await store.createDeviceAuthorization(Self.request("a", userCode: "BCDFGHJK"))
            let approval = DeviceDecision.approved(account: ann, scope: .readOnly, tokenExpires: Self.now.addingTimeInterval(86_400))
            let answer9 = try await store.decideDeviceAuthorization(userCode: "BCDFGHJK", approval, at: Self.now)
            #expect(answer9)
            let answer10 = try await store.decideDeviceAuthorization(userCode: "BCDFGHJK", .denied, at: Self.now)
            #expect(!answer10, "decided already")
            #expect(try await store.deviceAuthorization(userCode: "BCDFGHJK", at: Self.now)?.decision == approval)
            _ = try await store.createDeviceAuthorization(Self.request("b", userCode: "LMNPQRST", lifetime: 10))
            let answer11 = try await store.decideDeviceAuthorization(userCode: "LMNPQRST", .denied, at: Self.now.addingTimeInterval(10))
            #expect(!answer11, "expired")
            let answer12 = try await store.decideDeviceAuthorization(userCode: "ZZZZZZZZ", .denied, at: Self.now)
            #expect(!answer12, "unknown")
        }
    }

    @Test(arguments: implementations)
    func pollsRecordTheirTimeUntilADecisionWhichIsHandedOutOnce(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let ann = Account(id: try await store.newAccount("ann"), name: "ann")
            let request = Self.request("a", userCode: "BCDFGHJK")
            _ = try await store.createDeviceAuthorization(request)
            let first = try #require(try await store.pollDeviceAuthorization(deviceCodeHash: request.deviceCodeHash, at: Self.now.addingTimeInterval(5)))
            #expect(first.lastPolled == nil && first.decision == nil)
            let second = try #require(try await store.pollDeviceAuthorization(deviceCodeHash: request.deviceCodeHash, at: Self.now.addingTimeInterval(10)))
            #expect(second.lastPolled == Self.now.addingTimeInterval(5))
            let approval = DeviceDecision.approved(account: ann, scope: .full, tokenExpires: nil)
            _ = try await store.decideDeviceAuthorization(userCode: "BCDFGHJK", approval, at: Self.now.addingTimeInterval(12))

            // Eight polls at once (on PostgreSQL, eight connections): exactly one sees the approval.
            let seen = try await withThrowingTaskGroup(of: DeviceDecision?.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.pollDeviceAuthorization(deviceCodeHash: request.deviceCodeHash, at: Self.now.addingTimeInterval(15))?.decision }
                }
                return try await group.reduce(into: [DeviceDecision?]()) { $0.append($1) }
            }
            #expect(seen.compactMap { $0 } == [approval])
            let answer13 = try await store.deviceAuthorization(userCode: "BCDFGHJK", at: Self.now)
            #expect(answer13 == nil, "used up")
        }
    }

    @Test(arguments: implementations)
    func aDeniedOrExpiredRequestIsForgottenByThePollThatSeesIt(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let denied = Self.request("a", userCode: "BCDFGHJK"), expired = Self.request("b", userCode: "LMNPQRST", lifetime: 10)
            _ = try await store.createDeviceAuthorization(denied)
            _ = try await store.createDeviceAuthorization(expired)
            _ = try await store.decideDeviceAuthorization(userCode: "BCDFGHJK", .denied, at: Self.now)
            #expect(try await store.pollDeviceAuthorization(deviceCodeHash: denied.deviceCodeHash, at: Self.now)?.decision == .denied)
            let answer14 = try await store.pollDeviceAuthorization(deviceCodeHash: denied.deviceCodeHash, at: Self.now)
            #expect(answer14 == nil)
            #expect(try await store.pollDeviceAuthorization(deviceCodeHash: expired.deviceCodeHash, at: Self.now.addingTimeInterval(10)) != nil)
            let answer15 = try await store.pollDeviceAuthorization(deviceCodeHash: expired.deviceCodeHash, at: Self.now)
            #expect(answer15 == nil)
        }
    }

    @Test(arguments: implementations)
    func deletingAnAccountForgetsItsApprovals(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let ann = Account(id: try await store.newAccount("ann"), name: "ann")
            let request = Self.request("a", userCode: "BCDFGHJK"), pending = Self.request("b", userCode: "LMNPQRST")
            _ = try await store.createDeviceAuthorization(request)
            _ = try await store.createDeviceAuthorization(pending)
            _ = try await store.decideDeviceAuthorization(userCode: "BCDFGHJK", .approved(account: ann, scope: .full, tokenExpires: nil), at: Self.now)
            try await store.deleteAccount(named: "ann")
            let answer16 = try await store.pollDeviceAuthorization(deviceCodeHash: request.deviceCodeHash, at: Self.now)
            #expect(answer16 == nil)
            let answer17 = try await store.deviceAuthorization(userCode: "LMNPQRST", at: Self.now)
            #expect(answer17 == pending, "another's request stays")
        }
    }
}
