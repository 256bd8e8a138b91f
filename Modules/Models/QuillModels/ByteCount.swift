import Foundation

/// Sizes as people read them: `1.2 MB`, `19 B` (`ByteQuantity` reads what they write).
///
/// Exists so that the CLI and the web reader say sizes alike.
public enum ByteCount {
    public static func text(_ bytes: Int64) -> String {
        let megabytes = Double(bytes) / 1_000_000
        if bytes < 1000 { return "\(bytes) B" }
        return megabytes >= 1 ? String(format: "%.1f MB", megabytes) : String(format: "%.1f kB", Double(bytes) / 1000)
    }
}
