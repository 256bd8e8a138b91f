/// A bearer token as handed to a person once: `quill_<id>_<secret>`.
///
/// The public ID lets the server find the stored hash without searching by secret, so the
/// secret is only ever compared, hashed, in constant time.
public struct BearerToken: Hashable, Sendable, CustomStringConvertible {
    public let id: TokenID
    public let secret: String

    public init(id: TokenID, secret: String) {
        self.id = id
        self.secret = secret
    }

    /// Parses the `Authorization: Bearer` value; `nil` for anything not shaped like a token.
    /// Works on the UTF-8 bytes: it runs on every authenticated request.
    public init?(parsing text: String) {
        let utf8 = text.utf8
        guard utf8.starts(with: "quill_".utf8) else { return nil }
        let rest = utf8.dropFirst(6)
        guard let separator = rest.firstIndex(of: UInt8(ascii: "_")) else { return nil }
        let secret = rest[rest.index(after: separator)...]
        guard !secret.isEmpty, secret.count <= 128, !secret.contains(UInt8(ascii: "_")),
              let id = TokenID(String(Substring(rest[..<separator]))) else { return nil }
        self.init(id: id, secret: String(Substring(secret)))
    }

    public var description: String { "quill_\(id.rawValue)_\(secret)" }
}

/// The public half of a bearer token: 1...32 lowercase hexadecimal characters.
public struct TokenID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init?(_ rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= 32,
              rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// The 16-digit hexadecimal form of a number, e.g. one drawn at random.
    public init(_ value: UInt64) {
        let digits = String(value, radix: 16)
        rawValue = String(repeating: "0", count: 16 - digits.count) + digits
    }

    public var description: String { rawValue }
}

/// The digest of a token's secret, the only form in which a server keeps it.
public struct TokenHash: Hashable, Sendable {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses lowercase or uppercase hexadecimal; `nil` for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = TokenHash.nibble(digits[index]), let low = TokenHash.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Compares two hashes in time that depends only on their length, so that a caller
    /// cannot learn how many leading bytes of a guess were right.
    public func constantTimeEquals(_ other: TokenHash) -> Bool {
        guard bytes.count == other.bytes.count else { return false }
        var difference: UInt8 = 0
        for index in bytes.indices { difference |= bytes[index] ^ other.bytes[index] }
        return difference == 0
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: digit - 48
        case 97...102: digit - 87
        case 65...70: digit - 55
        default: nil
        }
    }
}
