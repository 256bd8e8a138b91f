/// A number of bytes as a person writes it on a command line or in a setting: `500M`, `8G`, `1.5G`.
///
/// Exists so that the client's limits (`quill import --max-size`) and the server's
/// (`quill-server serve --max-attachment-size`) read sizes by one rule.
public enum ByteQuantity {
    /// A positive number with an optional K, M, G or T suffix (powers of 1024) and an optional `B`;
    /// `nil` if it is not one.
    public static func parse(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier: Int64 = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Double(digits), value > 0, value * Double(multiplier) < Double(Int64.max) else { return nil }
        return Int64(value * Double(multiplier))
    }
}
