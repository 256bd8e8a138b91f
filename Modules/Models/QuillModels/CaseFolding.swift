/// Case as Quill compares and keeps text, in one place.
///
/// `folded` is for comparing: lower-casing scalar by scalar (so Σ is σ wherever it stands in a
/// word), and Greek final sigma (ς) folded to σ as well, as Unicode's case folding and FTS5's
/// `unicode61` fold it. Search words (`SearchText.fold`) and link names (`LinkName`) fold case
/// this one way: `ΡΥΘΜΊΣΕΙΣ` and "ρυθμίσεις" are the same word to a search and the same name to
/// a link.
///
/// `lowercased` is for keeping (tags): Unicode's lower case in context, where a capital sigma
/// that ends a word is ς. Swift's `lowercased()` maps every Σ to σ, which kept `ΣΗΜΕΙΏΣΕΙΣ` as
/// "σημειώσεισ", another tag than the "σημειώσεις" typed in lower case.
public enum CaseFolding {
    public static func folded(_ text: String) -> String {
        let lowered = text.lowercased()
        guard lowered.unicodeScalars.contains(finalSigma) else { return lowered }
        return String(String.UnicodeScalarView(lowered.unicodeScalars.map { $0 == finalSigma ? sigma : $0 }))
    }

    /// `text.lowercased()`, except that a capital sigma in Unicode's Final_Sigma context (after a
    /// cased letter, and not before one, case-ignorable scalars between skipped) becomes ς.
    public static func lowercased(_ text: String) -> String {
        guard text.unicodeScalars.contains(capitalSigma) else { return text.lowercased() }
        let scalars = Array(text.unicodeScalars)
        var result = "", runStart = 0
        for index in scalars.indices where scalars[index] == capitalSigma {
            result += String(String.UnicodeScalarView(scalars[runStart..<index])).lowercased()
            result.unicodeScalars.append(endsAWord(at: index, in: scalars) ? finalSigma : sigma)
            runStart = index + 1
        }
        return result + String(String.UnicodeScalarView(scalars[runStart...])).lowercased()
    }

    /// Final_Sigma (Unicode's SpecialCasing): a cased scalar before `index` and none after it,
    /// looking past case-ignorable ones (marks such as an accent, apostrophes, joiners).
    private static func endsAWord(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let before = scalars[..<index].last { !$0.properties.isCaseIgnorable }
        let after = scalars[(index + 1)...].first { !$0.properties.isCaseIgnorable }
        return before?.properties.isCased == true && after?.properties.isCased != true
    }

    private static let capitalSigma: Unicode.Scalar = "\u{03A3}", finalSigma: Unicode.Scalar = "\u{03C2}", sigma: Unicode.Scalar = "\u{03C3}"
}
