/// Case folding as Quill compares text: lower-casing scalar by scalar (so Σ is σ wherever it
/// stands in a word), and Greek final sigma (ς) folded to σ as well, as Unicode's case folding
/// and FTS5's `unicode61` fold it.
///
/// Exists so that search words (`SearchText.fold`) and link names (`LinkName`) fold case the one
/// way: `ΡΥΘΜΊΣΕΙΣ` and "ρυθμίσεις" are the same word to a search and the same name to a link.
public enum CaseFolding {
    public static func folded(_ text: String) -> String {
        let lowered = text.lowercased()
        guard lowered.unicodeScalars.contains(finalSigma) else { return lowered }
        return String(String.UnicodeScalarView(lowered.unicodeScalars.map { $0 == finalSigma ? sigma : $0 }))
    }

    private static let finalSigma: Unicode.Scalar = "\u{03C2}", sigma: Unicode.Scalar = "\u{03C3}"
}
