import PropertyBased
import QuillModels
import Testing

/// `CaseFolding.lowercased` is Swift's `lowercased()` but for σ and ς, and keeps what it gives.
@Suite("Lower case in context: Swift's lower case but for final sigma, and stable")
struct CaseFoldingPropertyTests {
    static let greek: [Unicode.Scalar] = ["Σ", "σ", "ς", "Α", "Ω", "ά", "\u{301}", "'", "-", " ", "İ"]
    static let texts = Generator<GeneratedText, Shrink.None<GeneratedText>> { rng in
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            scalars.append(Bool.random(using: &rng) ? (greek.randomElement(using: &rng) ?? "Σ") : NastyText.scalar(&rng))
        }
        return GeneratedText(text: String(scalars))
    }

    @Test("differs from lowercased() only where σ is ς, and lower-cases its own result to itself")
    func agreesWithSwiftButForFinalSigma() async {
        await propertyCheck(count: Budget.cases * 5, input: Self.texts) { text in
            let ours = Array(CaseFolding.lowercased(text.text).unicodeScalars), swift = Array(text.text.lowercased().unicodeScalars)
            #expect(ours.count == swift.count, "\(text)")
            #expect(zip(ours, swift).allSatisfy { $0 == $1 || ($0 == "ς" && $1 == "σ") }, "\(text)")
            #expect(CaseFolding.lowercased(CaseFolding.lowercased(text.text)) == CaseFolding.lowercased(text.text), "\(text)")
        }
    }
}
