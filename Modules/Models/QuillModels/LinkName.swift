import Foundation

/// How a link's target and a note's names are compared: Unicode-normalized (NFC), case folded
/// (`CaseFolding`: Greek final sigma is σ), surrounding spaces and tabs trimmed, as Obsidian
/// compares them (diacritics count).
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
        // Names of ideographs, kana and Hangul syllables (with ASCII) are their own NFC form and
        // have no case: only their ASCII is folded, without Foundation's normalization, which
        // was a quarter of the time a 100,000-note index spent reading the links of its notes.
        if name.unicodeScalars.allSatisfy(isFoldedAlready) {
            var scalars = Substring(name).unicodeScalars
            while scalars.first == " " { scalars.removeFirst() }
            while scalars.last == " " { scalars.removeLast() }
            return String(String.UnicodeScalarView(scalars.map { $0.value &- 0x41 < 26 ? Unicode.Scalar($0.value | 0x20)! : $0 }))
        }
        return CaseFolding.folded(name.trimmingUnicodeScalars(where: \.isSpaceWithinALine).precomposedStringWithCanonicalMapping)
    }

    /// Printable ASCII, and CJK scalars that no scalar after them can compose with and that
    /// have no case: ideographs, hiragana, katakana and Hangul syllables, without the combining
    /// kana marks and Hangul letters that compose with what comes before them.
    private static func isFoldedAlready(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FE, 0xAC00...0xD7A3:
            true
        default:
            false
        }
    }
}
