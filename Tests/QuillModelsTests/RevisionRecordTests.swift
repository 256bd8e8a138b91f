import Foundation
import QuillModels
import StandardTesting
import Testing

/// The history record format every store keeps: read back as written, by the direct reader and by
/// `JSONDecoder` alike.
@Suite struct RevisionRecordTests {
    static let date = Date(millisecondsSince1970: 1_767_603_600_000)

    static func note(_ generator: inout SplitMix64, revision: Int) throws -> Note {
        let lines = ["plain\n", "同步\n", "\"quoted\" \\ back\n", "tab\there\n", "\u{0}nul\n", "caf\u{E9}\n", "cafe\u{301}\n", "🙂\n"]
        let body = (0..<Int.random(in: 0...6, using: &generator)).map { _ in lines.randomElement(using: &generator)! }.joined()
        let tags = Bool.random(using: &generator) ? ["a", "b"] : ["ü"]
        return try Note(id: NoteID(high: 1, low: 2), title: Bool.random(using: &generator) ? "Title" : "Другое «имя»", body: body,
                        tags: Tag.normalize(tags), created: date, updated: date.addingTimeInterval(Double(revision)),
                        revision: revision, isDeleted: Int.random(in: 0..<4, using: &generator) == 0)
    }

    @Test func aRecordRebuildsTheRevisionItKeepsWhicheverWayItIsRead() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        let origins: [RevisionOrigin] = [.edit, .sync, .api, .web, .restore(3), .imported("7f3a"), .created]
        for _ in 0..<300 {
            let replaced = try Self.note(&generator, revision: 4)
            let replacing = try Self.note(&generator, revision: 5)
            let origin = origins.randomElement(using: &generator)!
            let mergeAncestor = Bool.random(using: &generator) ? Int.random(in: 1...3, using: &generator) : nil
            let line = RevisionRecord.encode(replaced, replacing: replacing, origin: origin, mergeAncestor: mergeAncestor,
                                             whole: Bool.random(using: &generator))
            #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"), "seed \(seed): one line")
            let json = String(line.dropLast())
            let direct = try RevisionRecord.decode(json)
            let decoded = try JSONDecoder().decode(RevisionRecord.self, from: Data(json.utf8))
            let lines = LineDiff.lines(replacing.body)
            #expect(direct.note(before: replacing, lines: lines)?.note == replaced, "seed \(seed): \(json)")
            #expect(decoded.note(before: replacing, lines: lines)?.note == replaced, "seed \(seed): \(json)")
            #expect(direct.replacingOrigin == origin && decoded.replacingOrigin == origin)
            #expect(direct.replacingMergeAncestor == mergeAncestor && decoded.replacingMergeAncestor == mergeAncestor, "seed \(seed): \(json)")
            // Other spacing is still a record (JSONDecoder reads it).
            let spaced = json.replacingOccurrences(of: #"{"r":"#, with: #"{ "r" : "#)
            #expect(try RevisionRecord.decode(spaced).note(before: replacing, lines: lines)?.note == replaced)
        }
    }

    @Test func aRecordThatIsNotOneIsAnError() {
        for line in ["", "{}", #"{"r":1,"u":2,"o":"edit"}"#, #"{"r":1,"u":2,"x":[],"o":"nowhere"}"#, "not json"] {
            #expect(throws: (any Error).self, "\(line)") { try RevisionRecord.decode(line) }
        }
    }
}
