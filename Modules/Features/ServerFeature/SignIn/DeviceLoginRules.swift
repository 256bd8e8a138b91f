import Foundation
import ServerStoreInterface
import StandardInterfaces

/// Every rule of device login in one place (docs/signin.md): the shape of the codes, how long
/// they live, how often a device may ask, what a poll is answered, and what token an approval
/// gives. The stores only keep `DeviceAuthorization`s; the routes and the approval page ask here.
public enum DeviceLoginRules {
    /// How long a device's codes are worth anything.
    public static let lifetime: TimeInterval = 600
    /// Seconds a device waits between polls; asking sooner is answered `slow_down`.
    public static let interval = 5
    /// The letters of a user code: capitals without vowels (no words) and without look-alikes.
    static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ".utf8)
    static let codeLength = 8
    /// The longest device name kept; a longer one is cut there.
    static let nameLength = 100
    /// The longest device name taken at all (docs/openapi.yaml's `maxLength`).
    static let longestName = 1000
    /// How long the person approving may let the token last: label, and seconds (`nil`: no end).
    public static let tokenLifetimes: [(label: String, seconds: TimeInterval?)] = [
        ("30 days", 30 * 86_400), ("90 days", 90 * 86_400), ("1 year", 365 * 86_400), ("no expiry", nil),
    ]

    /// What a poll is answered.
    public enum PollAnswer: Equatable, Sendable {
        /// Nobody has decided yet: `authorization_pending`.
        case pending
        /// Asked sooner than `interval` after the last poll: `slow_down`.
        case slowDown
        /// The person denied it: `access_denied`.
        case denied
        /// Expired, used, or never issued: `expired_token`.
        case expired
        /// Approved: the device gets a new token.
        case approved(account: Account, scope: TokenScope, tokenExpires: Date?)
    }

    /// The answer to a poll that found `authorization` (as it was before the poll) at `now`.
    public static func answer(to authorization: DeviceAuthorization?, at now: Date) -> PollAnswer {
        guard let authorization, authorization.expires > now else { return .expired }
        switch authorization.decision {
        case .approved(let account, let scope, let expires): return .approved(account: account, scope: scope, tokenExpires: expires)
        case .denied: return .denied
        case nil:
            // A little leeway: a poll that left on time may arrive a moment early.
            if let last = authorization.lastPolled, now.timeIntervalSince(last) < TimeInterval(interval) - 0.5 { return .slowDown }
            return .pending
        }
    }

    /// A user code from random bytes: `codeLength` letters of `alphabet`, drawn without bias
    /// (bytes past the last whole multiple of the alphabet are skipped); `nil` if too few bytes.
    static func userCode(from random: some Sequence<UInt8>) -> String? {
        let usable = 256 - 256 % alphabet.count
        var letters: [UInt8] = []
        for byte in random where Int(byte) < usable {
            letters.append(alphabet[Int(byte) % alphabet.count])
            if letters.count == codeLength { break }
        }
        guard letters.count == codeLength else { return nil }
        return String(decoding: letters, as: UTF8.self)
    }

    /// A code as a person typed it (any case, spaces or dashes) as it is kept; `nil` if it cannot be one.
    public static func userCode(typed text: String) -> String? {
        let letters = text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
        guard letters.count == codeLength, letters.allSatisfy(alphabet.contains) else { return nil }
        return String(decoding: letters, as: UTF8.self)
    }

    /// A kept code as a person reads it: `KDBX-TMPW`.
    public static func display(_ code: String) -> String {
        String(code.prefix(codeLength / 2)) + "-" + String(code.dropFirst(codeLength / 2))
    }

    /// A device's name as kept and shown: trimmed, control characters dropped, at most
    /// `nameLength` characters; `nil` if nothing is left or it is longer than `longestName`.
    static func deviceName(_ text: String) -> String? {
        guard text.count <= longestName else { return nil }
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.generalCategory.isControlOrFormat }))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { return nil }
        return String(cleaned.prefix(nameLength))
    }
}

extension Unicode.GeneralCategory {
    /// Control, format, surrogate, private-use and unassigned scalars: nothing a name should show.
    var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
