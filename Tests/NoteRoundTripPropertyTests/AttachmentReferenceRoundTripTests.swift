import PropertyBased
import QuillModels
import Testing

/// Any name a file may have, and any text around the reference, comes back from the Markdown
/// Quill writes: the name made safe, the hash and the label exactly, nothing else found.
@Suite("Attachment references round-trip")
struct AttachmentReferenceRoundTripTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let before: String
        let after: String
        let embedded: Bool
        var testDescription: String {
            "name: \(NoteInput.spelled(name)), before: \(NoteInput.spelled(before)), after: \(NoteInput.spelled(after)), embedded: \(embedded)"
        }
    }

    /// The text with no backtick or tilde (which could make the reference code), replaced by
    /// scalar: a backtick followed by a combining mark is one character, which a replacement by
    /// characters does not find.
    static func withoutCode(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "`" ? "'" : $0 == "~" ? "-" : $0 }))
    }

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        Scenario(name: NastyText.text(length: Int.random(in: 0...24, using: &rng), &rng),
                 before: withoutCode(NastyText.text(length: Int.random(in: 0...40, using: &rng), &rng)),
                 after: withoutCode(NastyText.text(length: Int.random(in: 0...40, using: &rng), &rng)),
                 embedded: Bool.random(using: &rng))
    }

    @Test("a written reference is found again, whatever its name and the text beside it")
    func aWrittenReferenceIsFoundAgain() async {
        let hash = AttachmentHash(String(repeating: "5a", count: 32))!
        await propertyCheck(count: Budget.cases * 5, input: Self.scenarios) { scenario in
            let name = AttachmentName.safe(scenario.name)
            #expect(!name.isEmpty && !name.unicodeScalars.contains("/") && !name.unicodeScalars.contains("\\"))
            #expect(!name.unicodeScalars.allSatisfy { $0 == "." })
            #expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            let reference = AttachmentReference.markdown(hash: hash, name: name, embedded: scenario.embedded)
            let body = scenario.before + "\n" + reference + "\n" + scenario.after
            let found = AttachmentReference.scan(body).filter { $0.hash == hash }
            #expect(found.count == 1)
            #expect(found.first?.name == name)
            #expect(found.first?.label == name.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""))
            #expect(found.first?.isEmbedded == scenario.embedded)
            #expect(found.first.map { String(decoding: Array(body.utf8)[$0.utf8Range], as: UTF8.self) } == reference)
        }
    }
}
