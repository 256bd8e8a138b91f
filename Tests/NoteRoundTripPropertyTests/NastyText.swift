import PropertyBased
import Testing

/// What a user (or a client) hands a write path: a title, a body and tags, as typed.
struct NoteInput: Sendable, CustomTestStringConvertible {
    let title: String
    let body: String
    let tags: [String]

    /// Every scalar spelled out, so that a failure report shows invisible characters.
    var testDescription: String {
        "title: \(Self.spelled(title)), body: \(Self.spelled(body, limit: 200)), tags: [\(tags.map { Self.spelled($0) }.joined(separator: ", "))]"
    }

    static func spelled(_ text: String, limit: Int = 400) -> String {
        let scalars = text.unicodeScalars
        let shown = scalars.prefix(limit).map { scalar -> String in
            (0x21..<0x7F).contains(scalar.value) && scalar != "\\" ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined()
        return "\"\(shown)\"" + (scalars.count > limit ? "… (\(scalars.count) scalars, \(text.utf8.count) bytes)" : "")
    }
}

/// Generators of text biased toward the parts of Unicode that break code: controls, every kind
/// of white space and separator, combining marks, joiners, prepended marks, noncharacters, the
/// scalars next to the surrogate range, right-to-left text, case mappings that change length,
/// and the ASCII that Quill's formats use as syntax.
enum NastyText {
    /// Scalars that have broken (or could break) a parser, a splitter or a trimmer.
    static let nasty: [Unicode.Scalar] = {
        var values: [UInt32] = []
        values += Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) // C0, DEL, C1 (NEL is U+0085)
        values += [0x20, 0xA0, 0x1680, 0x180E, 0x2007, 0x202F, 0x205F, 0x3000, 0xFEFF] // spaces, no-break, BOM
        values += Array(0x2000...0x200F) // spaces, ZWSP, ZWNJ, ZWJ, LRM, RLM
        values += Array(0x2028...0x202E) + Array(0x2066...0x2069) // line/paragraph separators, bidi controls
        values += [0x0300, 0x0301, 0x0308, 0x0327, 0x036F, 0x0489, 0x20DD, 0x20E3, 0x1AB0, 0x1DC0] // combining marks
        values += [0xFE00, 0xFE0E, 0xFE0F, 0xE0100, 0x1F3FB, 0x1F3FF, 0xE0020, 0xE007F] // variation selectors, skin tones, tag chars
        values += [0x0600, 0x0605, 0x06DD, 0x070F, 0x110BD, 0x0D4E] // prepended concatenation marks (Prepend)
        values += [0x0903, 0x093E, 0x0E33] // spacing marks
        values += [0x1100, 0x1161, 0x11A8, 0xAC00] // Hangul jamo and a syllable
        values += [0xD7FF, 0xE000, 0xF8FF, 0xFFFD, 0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFD, 0x10FFFF] // around surrogates, private use, noncharacters
        values += [0x05D0, 0x05D1, 0x0627, 0x0644, 0x0661] // Hebrew, Arabic
        values += [0x0130, 0x0131, 0x03A3, 0x03C2, 0x00DF, 0x1E9E, 0x212A, 0x2126, 0xFB00, 0x0149, 0x01C5] // case mappings that surprise
        values += [0x00E9, 0x0065, 0x00C5, 0x212B, 0x1E9B, 0x0344] // precomposed and decomposable (canonical equivalents)
        values += [0x1F389, 0x1F468, 0x1F469, 0x1F467, 0x1F3F3, 0x1F1FA, 0x1F1F8, 0x2764] // emoji, flags
        values += Array("\",\\/:#-[]{}*.'`$%&<>=?|~".unicodeScalars.map(\.value)) // syntax of Quill's formats
        return values.compactMap(Unicode.Scalar.init)
    }()

    static let plain: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".unicodeScalars)

    /// Whole pieces that mean something to one format or another.
    static let fragments = [
        "---", "\n---\n", "\r\n", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "e\u{301}", "\u{0}", "\\u0000", "\"", "\\\"",
        "id: ", "title: ", "tags: [\"a\", \"b\"]", "\u{202E}abc", " , ", "\t", "# heading\n", "..", "._", "\u{FEFF}",
    ]

    /// Any scalar at all, valid ones only (a Swift string cannot hold a lone surrogate).
    static func anyScalar(_ rng: inout some RandomNumberGenerator) -> Unicode.Scalar {
        while true {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &rng)) { return scalar }
        }
    }

    static func scalar(_ rng: inout some RandomNumberGenerator) -> Unicode.Scalar {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5: nasty.randomElement(using: &rng) ?? "a"
        case 5..<8: plain.randomElement(using: &rng) ?? "a"
        default: anyScalar(&rng)
        }
    }

    /// A string of about `length` scalars, sometimes with whole fragments mixed in.
    static func text(length: Int, _ rng: inout some RandomNumberGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        while scalars.count < length {
            if Int.random(in: 0..<8, using: &rng) == 0, let fragment = fragments.randomElement(using: &rng) {
                scalars.append(contentsOf: fragment.unicodeScalars)
            } else {
                scalars.append(scalar(&rng))
            }
        }
        return String(scalars)
    }

    /// A length: mostly short, sometimes around a limit, rarely long.
    static func length(short: ClosedRange<Int>, around limit: Int, long: Int, _ rng: inout some RandomNumberGenerator) -> Int {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: Int.random(in: max(0, limit - 3)...(limit + 3), using: &rng)
        case 1: Int.random(in: limit...long, using: &rng)
        default: Int.random(in: short, using: &rng)
        }
    }

    static func title(_ rng: inout some RandomNumberGenerator) -> String {
        text(length: length(short: 0...24, around: 256, long: 600, &rng), &rng)
    }

    static func body(_ rng: inout some RandomNumberGenerator) -> String {
        if Int.random(in: 0..<200, using: &rng) == 0 {
            // Around the 1 MiB limit: a long run of one scalar with a nasty tail.
            let filler = String(repeating: "x", count: (1 << 20) - 8 + Int.random(in: 0...16, using: &rng))
            return filler + text(length: 2, &rng)
        }
        return text(length: length(short: 0...200, around: 1000, long: 8000, &rng), &rng)
    }

    static func tag(_ rng: inout some RandomNumberGenerator) -> String {
        text(length: length(short: 0...6, around: 64, long: 100, &rng), &rng)
    }

    static func input(_ rng: inout some RandomNumberGenerator) -> NoteInput {
        let tagCount = Int.random(in: 0..<30, using: &rng) == 0 ? Int.random(in: 60...70, using: &rng) : Int.random(in: 0...4, using: &rng)
        // Valid-looking notes are common enough that every read path gets exercised.
        let mostlyValid = Bool.random(using: &rng)
        return NoteInput(
            title: mostlyValid ? text(length: Int.random(in: 1...12, using: &rng), &rng).filter { !$0.isNewline } : title(&rng),
            body: body(&rng),
            tags: (0..<tagCount).map { _ in
                mostlyValid ? text(length: Int.random(in: 1...5, using: &rng), &rng).filter { !$0.isWhitespace && $0 != "," } : tag(&rng)
            })
    }

    /// The generator every property of this target uses.
    static let inputs = Generator<NoteInput, Shrink.None<NoteInput>> { rng in input(&rng) }
}
