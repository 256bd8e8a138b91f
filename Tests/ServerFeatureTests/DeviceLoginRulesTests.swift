import Foundation
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import Testing

/// `DeviceLoginRules` (docs/signin.md): the codes a person reads and types, and what each poll is
/// answered.
@Suite struct DeviceLoginRulesTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func request(lastPolled: Date? = nil, decision: DeviceDecision? = nil, expiresIn seconds: TimeInterval = 600) -> DeviceAuthorization {
        DeviceAuthorization(deviceCodeHash: TokenHash(bytes: [1]), userCode: "BCDFGHJK", deviceName: "d", requestedScope: .full, requestedFrom: nil,
                            created: now, expires: now.addingTimeInterval(seconds), lastPolled: lastPolled, decision: decision)
    }

    @Test(arguments: [("kdbx-tmpw", "KDBXTMPW"), ("KDBX TMPW", "KDBXTMPW"), (" kdbxtmpw", "KDBXTMPW")])
    func aTypedCodeIsReadWhateverItsCaseAndDashes(_ typed: String, _ kept: String) {
        #expect(DeviceLoginRules.userCode(typed: typed) == kept)
        #expect(DeviceLoginRules.display(kept) == "KDBX-TMPW")
    }

    @Test(arguments: ["KDBX-TMPA", "KDBX-TMP", "KDBX-TMPWW", "", "ÄDBX-TMPW", "KDBX_TMPW"])
    func whatCannotBeACodeIsNone(_ typed: String) {
        #expect(DeviceLoginRules.userCode(typed: typed) == nil, "vowels, lengths, other letters and separators")
    }

    @Test func aPollIsAnsweredByTheRequestItFinds() {
        let approval = DeviceDecision.approved(account: Account(id: AccountID(1), name: "ann"), scope: .readOnly, tokenExpires: nil)
        #expect(DeviceLoginRules.answer(to: nil, at: Self.now) == .expired, "unknown or used")
        #expect(DeviceLoginRules.answer(to: Self.request(), at: Self.now) == .pending)
        #expect(DeviceLoginRules.answer(to: Self.request(lastPolled: Self.now.addingTimeInterval(-2)), at: Self.now) == .slowDown)
        #expect(DeviceLoginRules.answer(to: Self.request(lastPolled: Self.now.addingTimeInterval(-4.6)), at: Self.now) == .pending,
                "a poll a moment early is no fault")
        #expect(DeviceLoginRules.answer(to: Self.request(decision: .denied), at: Self.now) == .denied)
        #expect(DeviceLoginRules.answer(to: Self.request(decision: approval), at: Self.now)
            == .approved(account: Account(id: AccountID(1), name: "ann"), scope: .readOnly, tokenExpires: nil))
        #expect(DeviceLoginRules.answer(to: Self.request(decision: approval, expiresIn: 0), at: Self.now) == .expired,
                "an approval of an expired code gives nothing")
    }
}
