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
        switch scalar.properties.generalCategory {
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
