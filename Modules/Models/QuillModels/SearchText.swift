import Foundation

/// How search cuts text into words and folds them, shared by the query parser, the in-memory
/// index and highlighting, so a word typed and a word stored compare the same way.
///
/// It mirrors SQLite FTS5's `unicode61` tokenizer with `remove_diacritics 2`: letters,
/// numbers and marks (categories L*, N*, M*, Co) are parts of words, everything else
/// separates them; a word is lower-cased and its combining marks are dropped after
/// canonical decomposition ("Café" → "cafe").
public enum SearchText {
    /// The folded words of `text`, in order.
    public static func words(_ text: some StringProtocol) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty { words.append(fold(String(current))) }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) { current.append(scalar) } else { flush() }
        }
        flush()
        return words.filter { !$0.isEmpty }
    }

    /// Whether a scalar belongs to a word rather than separating words.
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // The ASCII letters and digits are its only letters and numbers (the same answer, faster).
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        return switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            true
        default:
            false
        }
    }

    /// One word lower-cased and without its diacritics.
    public static func fold(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII has no diacritics and decomposes to itself: lower-casing is all (the same answer, faster).
            return String(decoding: word.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var folded = String.UnicodeScalarView()
        for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: folded.append(scalar)
            }
        }
        return String(folded)
    }
}
