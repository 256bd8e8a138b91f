import Foundation

/// How a link's target and a note's names are compared: Unicode-normalized (NFC), case folded,
/// surrounding spaces and tabs trimmed, as Obsidian compares them (diacritics count).
///
/// Exists so that the CLI's index, the server's and the web reader fold alike: one function, so
/// `[[café]]` reaches the same note everywhere.
public enum LinkName {
    public static func folded(_ name: String) -> String {
        // Most names are ASCII: folded byte by byte, the same as the general path gives them.
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var bytes = Array(name.utf8)
            while bytes.last == 0x20 { bytes.removeLast() }
            let start = bytes.firstIndex { $0 != 0x20 } ?? bytes.count
            return String(decoding: bytes[start...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return name.trimmingUnicodeScalars(where: \.isSpaceWithinALine).precomposedStringWithCanonicalMapping.lowercased()
    }
}
