import Foundation
import QuillModels
import ServerStoreInterface
import StandardTesting
import Testing

/// docs/openapi.yaml and the Swift validation must accept exactly the same strings.
///
/// Each field's `pattern`, `minLength` and `maxLength` are read from the spec and evaluated as a
/// JSON Schema validator does (ECMA-262 `$` is the end of the string; lengths count code
/// points); the server's answer comes from the validation functions themselves (`Tag.init`,
/// `Note.init`, `PushRequestID.init`), so this keeps holding, or fails, when either side changes.
/// The strings: every control character, every Unicode white space and separator, invisible and
/// combining characters, each alone and around text, lengths around each limit, and seeded
/// random mixtures of all of them.
@Suite struct SpecValidationAgreementTests {
    static let spec = OpenAPIDocument.load()

    @Test func titleAgrees() throws {
        let rule = try Self.spec.stringRule(at: ["components", "schemas", "Title"])
        #expect(try Self.spec.block(at: ["components", "schemas", "NoteDocument", "properties"]).contains(##"title: { $ref: "#/components/schemas/Title" }"##))
        try Self.checkAgreement(field: "title", rule: rule, limit: NoteLimits.maximumTitleCharacters) { text in
            (try? Note(id: NoteID(high: 0, low: 1), title: text, body: "", tags: [], created: Date(), updated: Date())) != nil
        }
    }

    @Test func tagAgrees() throws {
        let rule = try Self.spec.stringRule(at: ["components", "schemas", "Tag"])
        #expect(try Self.spec.block(at: ["components", "schemas", "NoteDocument", "properties"]).contains(##"tags: { $ref: "#/components/schemas/TagList" }"##))
        let tags = try Self.spec.block(at: ["components", "schemas", "TagList"])
        #expect(tags.contains(##"items: { $ref: "#/components/schemas/Tag" }"##))
        #expect(tags.contains("maxItems: \(NoteLimits.maximumTags)"))
        try Self.checkAgreement(field: "tag", rule: rule, limit: Tag.maximumLength) { text in (try? Tag(text)) != nil }
    }

    @Test func requestIDAgrees() throws {
        let rule = try Self.spec.stringRule(at: ["components", "schemas", "PushRequest", "properties", "requestID"])
        try Self.checkAgreement(field: "requestID", rule: rule, limit: PushRequestID.maximumLength, graphemesMayExceedPattern: false) { text in
            PushRequestID(text) != nil
        }
    }

    /// A stateful fuzz sent `since=9335917866041512505`, which a pattern of 19 digits admits and
    /// an `Int64` cannot hold: the server refused a request the spec calls valid.
    @Test func cursorAgrees() throws {
        let rule = try Self.spec.stringRule(at: ["components", "schemas", "Cursor"])
        let seed = UInt64.random(in: 0...UInt64(UInt32.max))
        var random = SplitMix64(seed: seed)
        var samples = ["", "0", "-1", "+1", "1a", " 1", "1 ", "٣", String(Int64.max), "9223372036854775808", String(repeating: "9", count: 19),
                       String(repeating: "9", count: 18), "1" + String(repeating: "0", count: 18), String(repeating: "0", count: 18)]
        for length in 1...21 {
            for _ in 0..<50 {
                samples.append(String((0..<length).map { _ in Character(String(random.next() % 10)) }))
            }
        }
        let disagreements = samples.filter { rule.accepts($0) != (ChangeCursor($0) != nil) }
        #expect(disagreements.isEmpty, "cursor: spec and server disagree on \(disagreements.prefix(8)) (seed \(seed))")
        #expect(samples.filter(rule.accepts).count > 500)
    }

    /// The spec's rule and `accepts` decide alike for every sample. With `graphemesMayExceedPattern`
    /// (the server counts user-perceived characters, JSON Schema counts code points, as the spec
    /// says), the one allowed difference is a string the server accepts whose code points exceed
    /// the limit while its characters do not.
    static func checkAgreement(field: String, rule: StringRule, limit: Int, graphemesMayExceedPattern: Bool = true,
                               accepts: (String) -> Bool) throws {
        let seed = UInt64.random(in: 0...UInt64(UInt32.max))
        var disagreements: [String] = []
        var accepted = 0
        for sample in Samples.strings(limit: limit, seed: seed) {
            let byServer = accepts(sample)
            let bySpec = rule.accepts(sample)
            if byServer { accepted += 1 }
            guard byServer != bySpec else { continue }
            if graphemesMayExceedPattern, byServer, sample.unicodeScalars.count > limit, sample.count < sample.unicodeScalars.count {
                continue
            }
            disagreements.append("\(byServer ? "server accepts, spec refuses" : "spec accepts, server refuses"): \(sample.debugDescription)")
        }
        #expect(accepted > 100, "too few accepted samples to say anything about \(field)")
        #expect(disagreements.isEmpty, "\(field): \(disagreements.count) disagreements (seed \(seed)), e.g. \(disagreements.prefix(8).joined(separator: "; "))")
    }
}

/// A string field's rule in the spec, evaluated as JSON Schema means it.
struct StringRule {
    let pattern: NSRegularExpression
    let minLength: Int
    let maxLength: Int?

    func accepts(_ text: String) -> Bool {
        let codePoints = text.unicodeScalars.count
        guard codePoints >= minLength, codePoints <= (maxLength ?? .max) else { return false }
        return pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// Just enough of docs/openapi.yaml's block mappings to find a schema by its path of keys.
struct OpenAPIDocument {
    let lines: [Substring]

    static func load() -> OpenAPIDocument {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/openapi.yaml")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return OpenAPIDocument(lines: text.split(separator: "\n", omittingEmptySubsequences: false))
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The lines of the value under `path` (each key a block mapping's key, two spaces deeper).
    func block(at path: [String]) throws -> String {
        var range = lines.indices
        for (depth, key) in path.enumerated() {
            let indent = String(repeating: " ", count: depth * 2)
            guard let start = range.first(where: { lines[$0].hasPrefix(indent + key + ":") }) else {
                throw Missing(description: "docs/openapi.yaml has no \(path.prefix(depth + 1).joined(separator: "."))")
            }
            let end = range[(start + 1)...].first { index in
                let line = lines[index]
                return !line.trimmingCharacters(in: .whitespaces).isEmpty && line.prefix(while: { $0 == " " }).count <= depth * 2
            } ?? range.upperBound
            range = start..<end
        }
        return range.map { String(lines[$0]) }.joined(separator: "\n")
    }

    func stringRule(at path: [String]) throws -> StringRule {
        let block = try block(at: path)
        func value(_ key: String) -> String? {
            block.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix(key + ": ") }.map { String($0.dropFirst(key.count + 2)) }
        }
        guard let quoted = value("pattern"), quoted.hasPrefix("'"), quoted.hasSuffix("'") else {
            throw Missing(description: "\(path.joined(separator: ".")) has no single-quoted pattern")
        }
        // YAML single quotes escape a quote by doubling it; ECMA-262's closing `$` is the end of the string (ICU's `\z`).
        var pattern = String(quoted.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        if pattern.hasSuffix("$") { pattern = String(pattern.dropLast()) + "\\z" }
        return StringRule(pattern: try NSRegularExpression(pattern: pattern), minLength: value("minLength").flatMap { Int($0) } ?? 0,
                          maxLength: value("maxLength").flatMap { Int($0) })
    }
}

/// The strings both sides are asked about.
enum Samples {
    /// Every control character, every White_Space character, the other separators and
    /// invisible characters, combining marks, case changes, emoji, and the comma.
    static let specials: [Unicode.Scalar] = {
        var scalars: [Unicode.Scalar] = (0x00...0x20).compactMap(Unicode.Scalar.init) + (0x7F...0xA0).compactMap(Unicode.Scalar.init)
        scalars += [0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD,
                    0x0301, 0x0308, 0x20DD, 0xFE0F, 0x1F1EB, 0x1F1F7, 0x1F600, 0x1F468, 0xE0041, 0x10FFFD, 0xFFFD, 0xFFFF,
                    0x0130, 0x00DF, 0x212A, 0x03A3, 0x002C, 0x0027, 0x0022, 0x005C]
            .compactMap(Unicode.Scalar.init)
        scalars += (0x2000...0x200A).compactMap(Unicode.Scalar.init)
        return scalars
    }()

    static func strings(limit: Int, seed: UInt64) -> [String] {
        var strings: [String] = ["", "x", "X", "a b", "a,b", "ab", "-"]
        for scalar in specials {
            let c = String(Character(scalar))
            strings += [c, c + "x", "x" + c, "x" + c + "y", c + "x" + c, c + c + "x" + c + c, String(repeating: c, count: 3)]
        }
        for length in [limit - 1, limit, limit + 1, limit * 2] {
            let core = String(repeating: "a", count: length)
            strings += [core, " " + core, core + "\t", "  " + core + "\u{3000}", "\u{2003}" + core, core + "\n",
                        String(repeating: "e\u{301}", count: length), String(repeating: "\u{1F1EB}\u{1F1F7}", count: length),
                        String(repeating: "\u{1F600}", count: length), String(repeating: "\u{130}", count: length),
                        "x" + String(repeating: " ", count: length) + "y"]
        }
        var random = SplitMix64(seed: seed)
        let palette = specials + Array("abcXYZ019-_.".unicodeScalars)
        for _ in 0..<4000 {
            let length = random.next() % 4 == 0 ? Int(random.next() % UInt64(limit + 4)) + limit - 2 : Int(random.next() % 8)
            var text = String.UnicodeScalarView()
            for _ in 0..<max(0, length) {
                // Mostly letters, so that long strings are plausible; specials wherever they fall.
                let scalar = random.next() % 3 == 0 ? palette[Int(random.next() % UInt64(palette.count))] : Unicode.Scalar(UInt8(ascii: "a") + UInt8(random.next() % 26))
                text.append(scalar)
            }
            strings.append(String(text))
        }
        return strings
    }
}
