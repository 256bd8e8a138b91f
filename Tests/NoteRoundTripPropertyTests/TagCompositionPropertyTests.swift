import Foundation
import PropertyBased
@testable import QuillModels
import Testing

/// A tag is one tag however its text is composed: made from any text, from that text decomposed
/// (NFD) or composed (NFC), it is the same bytes, composed, made again from itself unchanged, and
/// its decomposed form is among the forms a store's query matches.
@Suite("A tag is one tag however its accents are composed")
struct TagCompositionPropertyTests {
    static let accented: [Unicode.Scalar] = ["e", "\u{301}", "\u{E9}", "A", "\u{30A}", "\u{C5}", "\u{212B}", "\u{1E9E}", "\u{AC00}",
                                              "\u{1100}", "\u{1161}", "\u{3B9}", "\u{345}", "\u{130}", "\u{3A3}", "-"]
    static let texts = Generator<GeneratedText, Shrink.None<GeneratedText>> { rng in
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...12, using: &rng) {
            scalars.append(Bool.random(using: &rng) ? (accented.randomElement(using: &rng) ?? "e") : NastyText.scalar(&rng))
        }
        return GeneratedText(text: String(scalars))
    }

    @Test("the same composed bytes from the text decomposed or composed, and stable")
    func oneTagHoweverComposed() async {
        await propertyCheck(count: Budget.cases * 5, input: Self.texts) { generated in
            // Foundation's composition misreads unassigned and private-use scalars beyond the BMP
            // (`NoteValidation.composed` keeps such a tag as it is), so the variants below could not be made.
            guard !NoteValidation.holdsScalarCompositionMisreads(generated.text), let tag = try? Tag(generated.text) else { return }
            let bytes = Array(tag.rawValue.utf8)
            #expect(bytes == Array(tag.rawValue.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping.utf8), "\(generated)")
            for variant in [generated.text.decomposedStringWithCanonicalMapping, generated.text.precomposedStringWithCanonicalMapping] {
                #expect((try? Tag(variant)).map { Array($0.rawValue.utf8) } == bytes, "\(generated)")
            }
            #expect((try? Tag(tag.rawValue)).map { Array($0.rawValue.utf8) } == bytes, "\(generated)")
            #expect(tag.storedForms.map { Array($0.utf8) }.contains(Array(tag.rawValue.decomposedStringWithCanonicalMapping.utf8)), "\(generated)")
        }
    }

    @Test("a private-use or unassigned scalar beyond the BMP keeps the tag as typed, not misread")
    func scalarsFoundationMisreadsAreKept() throws {
        for text in ["\u{F0041}\u{301}", "x\u{700C6}\u{301}", "\u{100041}\u{30A}"] {
            #expect(Array(try Tag(text).rawValue.unicodeScalars) == Array(text.unicodeScalars), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
