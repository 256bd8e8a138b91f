/// A SHA-256 as the manifest writes it (64 hexadecimal digits, `LowercaseHex`), read back.
enum SHA256Hex {
    /// The 32 bytes of a 64-digit hexadecimal SHA-256 (either case); `nil` if it is not one.
    static func bytes(ofHex text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { hex -> [UInt8]? in
            guard hex.count == 64 else { return nil }
            var bytes = [UInt8](repeating: 0, count: 32)
            for index in 0..<32 {
                guard let high = digitValue(hex[2 * index]), let low = digitValue(hex[2 * index + 1]) else { return nil }
                bytes[index] = high << 4 | low
            }
            return bytes
        }
    }

    /// The value of one hexadecimal digit (either case).
    private static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
