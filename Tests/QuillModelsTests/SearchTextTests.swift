import Foundation
import QuillModels
import Testing

/// `SearchText` answers ASCII by a shortcut; the shortcut must give what the general rule gives.
@Suite struct SearchTextTests {
    static func generalRuleSaysWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse: true
        default: false
        }
    }

    static func generalFold(_ word: String) -> String {
        String(String.UnicodeScalarView(word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            ![.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory)
        }))
    }

    @Test func asciiScalarsAreWordsExactlyWhenTheGeneralRuleSaysSo() {
        for value in 0..<128 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(SearchText.isWordScalar(scalar) == Self.generalRuleSaysWord(scalar), "U+\(String(value, radix: 16))")
        }
    }

    @Test func asciiWordsFoldAsTheGeneralRuleFoldsThem() {
        let printable = (32..<127).map { Character(Unicode.Scalar(UInt8($0))) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let word = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in printable.randomElement(using: &generator)! })
            #expect(SearchText.fold(word) == Self.generalFold(word), "\(word)")
        }
        #expect(SearchText.fold("Café") == "cafe" && SearchText.fold("ÅNGSTRÖM") == "angstrom")
    }
}
