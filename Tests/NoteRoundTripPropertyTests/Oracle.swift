import Foundation
import QuillModels
import Testing

/// What the one definition of a valid note (QuillModels) says about an input: the note it
/// becomes, or the error that refuses it. Every door must agree with it.
struct Oracle {
    let verdict: Result<Note, NoteValidationError>

    init(_ input: NoteInput, id: NoteID, at date: Date) {
        verdict = Result { () throws(NoteValidationError) -> Note in
            try Note(id: id, title: input.title, body: input.body, tags: Tag.normalize(input.tags), created: date, updated: date)
        }
    }

    /// The note the oracle accepts, or `nil` after checking that `refusal` is the oracle's refusal.
    func expectRefusal(_ refusal: NoteValidationError, _ sourceLocation: SourceLocation = #_sourceLocation) {
        switch verdict {
        case .success(let note):
            Issue.record("a door refused a note the rules accept (\(NoteInput.spelled(note.title))): \(refusal)", sourceLocation: sourceLocation)
        case .failure(let expected):
            #expect(refusal == expected, "refused for another reason than the rules give", sourceLocation: sourceLocation)
            #expect(Oracle.namesAField(refusal), "the refusal does not name the field: \(refusal)", sourceLocation: sourceLocation)
        }
    }

    /// The accepted note; records an issue if the rules refuse it.
    func expectAccepted(_ sourceLocation: SourceLocation = #_sourceLocation) -> Note? {
        switch verdict {
        case .success(let note): return note
        case .failure(let error):
            Issue.record("a door accepted a note the rules refuse: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func namesAField(_ error: NoteValidationError) -> Bool {
        let text = error.description
        return text.contains("title") || text.contains("body") || text.contains("tag")
    }
}

/// A note's content as bytes: `String` compares canonically equivalent text as equal, and a
/// round trip must give back exactly what was stored.
struct Content: Equatable, CustomTestStringConvertible {
    let title: [UInt8]
    let body: [UInt8]?
    let tags: [[UInt8]]
    let isDeleted: Bool

    init(_ note: Note, withBody: Bool = true) {
        title = Array(note.title.utf8)
        body = withBody ? Array(note.body.utf8) : nil
        tags = note.tags.map { Array($0.rawValue.utf8) }
        isDeleted = note.isDeleted
    }

    init(_ summary: NoteSummary) {
        title = Array(summary.title.utf8)
        body = nil
        tags = summary.tags.map { Array($0.rawValue.utf8) }
        isDeleted = summary.isDeleted
    }

    init(_ document: NoteDocument, withBody: Bool = true) {
        title = Array(document.title.utf8)
        body = withBody ? Array(document.body.utf8) : nil
        tags = document.tags.map { Array($0.rawValue.utf8) }
        isDeleted = document.deleted
    }

    var testDescription: String {
        let text = { (bytes: [UInt8]) in NoteInput.spelled(String(decoding: bytes, as: UTF8.self), limit: 120) }
        return "title \(text(title)), body \(body.map(text) ?? "-"), tags \(tags.map(text)), deleted \(isDeleted)"
    }
}

/// How many cases each property runs: a few hundred in CI; `QUILL_PROPERTY_CASES` asks for more.
enum Budget {
    static let cases = ProcessInfo.processInfo.environment["QUILL_PROPERTY_CASES"].flatMap(Int.init) ?? 200
    /// For the slower doors (a database round trip or an archive per case).
    static let slowCases = max(1, cases / 2)
}
