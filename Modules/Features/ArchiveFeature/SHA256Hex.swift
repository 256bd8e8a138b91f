import Crypto

/// SHA-256 as the manifest writes it: 64 lowercase hexadecimal digits.
enum SHA256Hex {
    static func of(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
