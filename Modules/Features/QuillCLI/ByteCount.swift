import Foundation

/// Sizes as people write and read them: `500M`, `8G`, `1.2 MB`.
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        let megabytes = Double(bytes) / 1_000_000
        if bytes < 1000 { return "\(bytes) B" }
        return megabytes >= 1 ? String(format: "%.1f MB", megabytes) : String(format: "%.1f kB", Double(bytes) / 1000)
    }

    /// A number of bytes with an optional K, M, G or T suffix (powers of 1024).
    static func parse(_ text: String) -> Int64? {
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
