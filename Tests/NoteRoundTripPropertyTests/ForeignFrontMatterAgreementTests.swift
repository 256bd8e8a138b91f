@testable import ArchiveFeature
import Foundation
@testable import ImportFormatsFeature
import PropertyBased
import QuillModels
import Testing

/// The fast ways an import reads other apps' front matter give exactly what the definitions
/// give: `SimpleYAMLMapping` and `SimpleYAMLWriter` what Yams gives, `ForeignDateScanner` what
/// the date pattern gives, the line-by-line title what splitting the text gave.
@Suite("Front matter of other apps: the fast reading agrees with Yams and the pattern")
struct ForeignFrontMatterAgreementTests {
    @Test("a front-matter block reads to the same fields, body and notices with or without Yams")
    func frontMatter() async {
        var simple = 0, total = 0
        await propertyCheck(count: Budget.cases * 10, input: ForeignYAML.documents) { document in
            let fast = ForeignFrontMatter.read(document.text)
            let yams = ForeignFrontMatter.read(document.text, reading: .yamsOnly)
            #expect(fast == yams, "\(document)")
            total += 1
            if let block = ForeignFrontMatter.Block(document.text), SimpleYAMLMapping.pairs(block.yaml) != nil { simple += 1 }
        }
        // Most generated blocks are in the simple subset, so that the property says something.
        #expect(simple * 4 >= total, "only \(simple) of \(total) blocks were in the simple subset")
    }

    @Test("a date reads to the same instant, to the bit, by hand as by the pattern")
    func dates() async {
        var scanned = 0, dated = 0, total = 0
        await propertyCheck(count: Budget.cases * 20, input: ForeignYAML.dates) { text in
            let expected = ForeignDate.parseWithPattern(text.text)
            #expect(ForeignDate.parse(text.text) == expected, "\(text)")
            total += 1
            if ForeignDateScanner.scan(text.text) != nil { scanned += 1 }
            if expected != nil { dated += 1 }
        }
        #expect(scanned * 2 >= total && dated * 4 >= total, "scanned \(scanned), dated \(dated) of \(total)")
    }

    @Test("a title is the first heading of the text's lines, as splitting the whole text found it")
    func titles() async {
        await propertyCheck(count: Budget.cases * 5, input: ForeignYAML.markdown) { text in
            #expect(PlainMarkdown.title(of: text.text, fileName: "File.md") == Self.titleBySplitting(text.text, fileName: "File.md"), "\(text)")
        }
    }

    /// How titles were found before they were found line by line (the heading then read as it
    /// shows, `PlainMarkdown.shown`): for text without `\r`, the definition (with `\r\n` it split no lines at all and took the whole text for the heading: see
    /// `PlainMarkdownImportTests.windowsLineEnds`).
    private static func titleBySplitting(_ text: String, fileName: String) -> String {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) where line.hasPrefix("# ") {
            let heading = PlainMarkdown.shown(String(line.dropFirst(2).filter { !$0.isNewline })).trimmingCharacters(in: .whitespaces)
            if !heading.isEmpty { return String(heading.prefix(NoteLimits.maximumTitleCharacters)) }
        }
        return String(fileName.dropLast(3))
    }
}

/// A generated text, shown scalar by scalar when a property fails.
struct GeneratedText: Sendable, CustomTestStringConvertible {
    let text: String
    var testDescription: String { NoteInput.spelled(text, limit: 2000) }
}

/// Front matter as Obsidian, Joplin, Hugo and Jekyll write it, with the YAML that trips a
/// reader mixed in: indicators, quotes, comments, tabs, Windows line ends, repeated keys,
/// nested lists, control characters and YAML's own line breaks (U+0085, U+2028).
enum ForeignYAML {
    static let keys = ["title", "tags", "created", "date", "updated", "modified", "lastmod", "aliases", "draft", "cssclasses",
                       "latitude", "x-y", "_k", "Tags", "a1", "key with space", "'quoted'", "- x", "?", "<<"]
    static let ordinary = ["a", "b", "Two words", "é", "Crêpes", "C#", "x,y", "v1.2", "2023-01-05", "2023-01-05T14:22:10Z",
                           "2023-01-05 14:22:10 +0100", "52.52000000", "true", "~", "null", "12", "Übersicht – notes", "👩‍👧"]
    static let tricky = ["#tag", "x:y", "x: y", "a #b", "-x", "- x", "?x", "'q'", "\"q\"", "[x]", "{x}", "...x", "---x", "&a", "*a",
                         "!t", "|", ">", "%", "@", "`", " ", "\t", "\\", "\\n", "2023-02-30", ":", "x:", "last week", "\u{85}",
                         "\u{2028}", "\u{A0}", "\u{FEFF}", "\u{7}", "''", "a'b", "a\"b", "", "# c"]

    /// A piece of a value: in a clean document only what apps usually write.
    static func piece(clean: Bool, _ rng: inout some RandomNumberGenerator) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case _ where clean, 0..<6: ordinary.randomElement(using: &rng) ?? "a"
        case 6..<9: tricky.randomElement(using: &rng) ?? "a"
        default: NastyText.text(length: Int.random(in: 1...3, using: &rng), &rng)
        }
    }

    static func scalar(clean: Bool, _ rng: inout some RandomNumberGenerator) -> String {
        let text = (0..<Int.random(in: 1...2, using: &rng)).map { _ in piece(clean: clean, &rng) }
            .joined(separator: Bool.random(using: &rng) ? " " : "")
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return "\"" + text + "\""
        case 1: return "'" + text + "'"
        default: return text
        }
    }

    static func value(clean: Bool, _ rng: inout some RandomNumberGenerator) -> String {
        let items = (0..<Int.random(in: clean ? 1...3 : 0...3, using: &rng)).map { _ in scalar(clean: clean, &rng) }
        switch Int.random(in: 0..<(clean ? 9 : 10), using: &rng) {
        case 0..<5: return " " + scalar(clean: clean, &rng)
        case 5, 6: return " [" + items.joined(separator: Bool.random(using: &rng) ? ", " : ",") + "]"
        case 7, 8:
            let indent = ["", "  ", "    "].randomElement(using: &rng) ?? ""
            return items.map { "\n" + (!clean && Int.random(in: 0..<12, using: &rng) == 0 ? " " : indent) + "- " + $0 }.joined()
        default:
            return ["", "  ", " # comment", "\n  nested: map", " |\n  block", ":", "\t" + scalar(clean: clean, &rng)].randomElement(using: &rng) ?? ""
        }
    }

    static func line(clean: Bool, _ rng: inout some RandomNumberGenerator) -> String {
        if !clean, Int.random(in: 0..<25, using: &rng) == 0 {
            return ["", "# a comment", "  indented: x", "just text", "- a list"].randomElement(using: &rng) ?? ""
        }
        let key = !clean && Int.random(in: 0..<4, using: &rng) == 0 ? keys.randomElement(using: &rng) : keys.prefix(10).randomElement(using: &rng)
        return (key ?? "k") + ":" + value(clean: clean, &rng)
    }

    /// Half of the documents are clean (what apps write, so mostly in the simple subset), half
    /// have YAML's pitfalls mixed in.
    static func document(_ rng: inout some RandomNumberGenerator) -> GeneratedText {
        let clean = Bool.random(using: &rng)
        let lineEnd = !clean && Int.random(in: 0..<5, using: &rng) == 0 ? "\r\n" : "\n"
        let lines = (0..<Int.random(in: clean ? 1...6 : 0...6, using: &rng)).map { _ in line(clean: clean, &rng) }
        let closing = Int.random(in: 0..<10, using: &rng) == 0 ? "..." : "---"
        let yaml = lines.map { $0.replacing("\n", with: lineEnd) + lineEnd }.joined()
        let body = ["# Heading" + lineEnd + "Body.", "", "text", lineEnd + "# Heading"].randomElement(using: &rng) ?? ""
        return GeneratedText(text: "---" + lineEnd + yaml + closing + lineEnd + body)
    }

    static let documents = Generator<GeneratedText, Shrink.None<GeneratedText>> { rng in document(&rng) }

    /// Dates in every form `ForeignDate` reads: half well formed (some before 1600, some on
    /// days a month lacks), half with parts out of range or mangled.
    static func date(_ rng: inout some RandomNumberGenerator) -> GeneratedText {
        let wellFormed = Bool.random(using: &rng)
        func pick(_ good: [String], _ bad: [String] = []) -> String {
            (wellFormed || Bool.random(using: &rng) ? good : good + bad).randomElement(using: &rng) ?? ""
        }
        var text = pick(["2023", "1600", "2000", "1900", "2024", "9999", "1599", "0001"], ["0000", "12345", "202"]) + "-"
            + pick(["01", "1", "02", "2", "12"], ["13", "00"]) + "-" + pick(["05", "5", "28", "29", "30", "31"], ["00", "123"])
        if Bool.random(using: &rng) {
            text += pick(["T", "t", " ", "  ", "T "], ["\t", "x"]) + pick(["14", "1", "0", "23"], ["24", "123"]) + ":" + pick(["22", "05", "59"], ["5", "60"])
            if Bool.random(using: &rng) {
                text += ":" + pick(["10", "59"], ["60", "5"]) + pick(["", "", ".250", ",5", ".123456789", ".0"], ["."])
            }
        }
        text += pick(["", "", " "], ["\t", "\n", "\r\n"])
            + pick(["", "", "Z", "z", "UTC", "+01:00", "+0100", "+01", "-05:30"], ["utc", "+1", "+01:", "+01:0", "+011"])
        text = pick(["", "", " ", "\t"]) + text + pick(["", "", " ", "\t"], ["\n"])
        if !wellFormed, Int.random(in: 0..<2, using: &rng) == 0, !text.isEmpty {
            var scalars = Array(text.unicodeScalars)
            let position = Int.random(in: 0...scalars.count, using: &rng)
            let inserted: Unicode.Scalar = Bool.random(using: &rng)
                ? Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)) : pick(["\u{FF12}", "\u{A0}", "\u{301}", "\u{0661}", "\u{2003}"]).unicodeScalars.first ?? "x"
            if Bool.random(using: &rng), position < scalars.count { scalars.remove(at: position) } else { scalars.insert(inserted, at: position) }
            text = String(String.UnicodeScalarView(scalars))
        }
        return GeneratedText(text: text)
    }

    static let dates = Generator<GeneratedText, Shrink.None<GeneratedText>> { rng in date(&rng) }

    /// Markdown without `\r`: headings, empty lines, lines that look like headings.
    static func markdownText(_ rng: inout some RandomNumberGenerator) -> GeneratedText {
        let lines = (0..<Int.random(in: 0...8, using: &rng)).map { _ -> String in
            let piece = NastyText.text(length: Int.random(in: 0...6, using: &rng), &rng)
            return ["# " + piece, "#" + piece, "", piece, "#  ", "# \u{301}x", "  # x"].randomElement(using: &rng) ?? ""
        }
        let text = lines.joined(separator: "\n")
        return GeneratedText(text: String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" })))
    }

    static let markdown = Generator<GeneratedText, Shrink.None<GeneratedText>> { rng in markdownText(&rng) }
}
