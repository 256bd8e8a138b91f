import Foundation
import QuillModels
import Testing

@Suite("Note validation")
struct NoteTests {
    let id = NoteID(high: 1, low: 2)
    let date = Date(millisecondsSince1970: 1_767_603_600_123)

    @Test func validNoteKeepsItsFieldsAndTrimsTheTitle() throws {
        let note = try Note(id: id, title: "  Hello  ", body: "Body\n", tags: [Tag("b"), Tag("a"), Tag("a")],
                            created: date, updated: date)
        #expect(note.title == "Hello")
        #expect(note.body == "Body\n")
        #expect(note.tags.map(\.rawValue) == ["a", "b"])
        #expect(note.revision == 1)
        #expect(!note.isDeleted)
    }

    /// A wall clock may step backwards (`WallClock`); a revision stamped by it is never updated
    /// before it was created.
    @Test func aClockThatSteppedBackNeverPutsUpdatedBeforeCreated() throws {
        let note = try Note(id: id, title: "t", body: "", tags: [], created: date, updated: date)
        let revised = try note.revised(body: "later", at: date.addingTimeInterval(-3_600))
        #expect(revised.updated == note.created)
        #expect(revised.revision == 2)
        #expect(note.deleted(at: date.addingTimeInterval(-60)).updated == note.created)
    }

    /// Exactly Unicode white space is trimmed, on every platform: Linux Foundation's
    /// `.whitespaces` also trimmed U+200B ZERO WIDTH SPACE (not white space), and only when an
    /// end was white space, a rule docs/openapi.yaml could not state.
    @Test func trimsExactlyWhiteSpace() throws {
        let note = try Note(id: id, title: "\u{3000} \u{200B} x\u{200B}\t", body: "", tags: [Tag(" \u{200B}Tag\u{2028}")],
                            created: date, updated: date)
        #expect(note.title == "\u{200B} x\u{200B}")
        #expect(note.tags.map(\.rawValue) == ["\u{200B}tag"])
        #expect(throws: NoteValidationError.titleHasLineBreak) { try Note(id: id, title: "x\u{0B}", body: "", tags: [], created: date, updated: date) }
    }

    @Test(arguments: ["", "   ", "\t"])
    func emptyTitleIsRejected(title: String) {
        #expect(throws: NoteValidationError.emptyTitle) {
            try Note(id: id, title: title, body: "", tags: [], created: date, updated: date)
        }
    }

    @Test func overlongTitleIsRejected() {
        let title = String(repeating: "x", count: NoteLimits.maximumTitleCharacters + 1)
        #expect(throws: NoteValidationError.titleTooLong(characters: NoteLimits.maximumTitleCharacters + 1)) {
            try Note(id: id, title: title, body: "", tags: [], created: date, updated: date)
        }
    }

    @Test func titleWithLineBreakIsRejected() {
        #expect(throws: NoteValidationError.titleHasLineBreak) {
            try Note(id: id, title: "a\nb", body: "", tags: [], created: date, updated: date)
        }
    }

    @Test func bodyAtTheLimitIsAcceptedAndOverItRejected() throws {
        let limit = NoteLimits.maximumBodyBytes
        _ = try Note(id: id, title: "t", body: String(repeating: "a", count: limit), tags: [], created: date, updated: date)
        #expect(throws: NoteValidationError.bodyTooLarge(bytes: limit + 1)) {
            try Note(id: id, title: "t", body: String(repeating: "a", count: limit + 1), tags: [], created: date, updated: date)
        }
    }

    @Test func revisionBumpsTheRevisionAndStampsTheTime() throws {
        let note = try Note(id: id, title: "t", body: "", tags: [], created: date, updated: date)
        let later = date.addingTimeInterval(60)
        let revised = try note.revised(body: "new", at: later)
        #expect(revised.revision == 2)
        #expect(revised.updated == later)
        #expect(revised.created == date)
        let tombstone = revised.deleted(at: later.addingTimeInterval(1))
        #expect(tombstone.isDeleted)
        #expect(tombstone.revision == 3)
    }

    @Test func updatedNeverPrecedesCreated() throws {
        let note = try Note(id: id, title: "t", body: "", tags: [], created: date, updated: date)
        let revised = try note.revised(title: "u", at: date.addingTimeInterval(-3600))
        #expect(revised.updated == date)
    }

    @Test func sameContentIgnoresBookkeeping() throws {
        let note = try Note(id: id, title: "t", body: "b", tags: [], created: date, updated: date)
        let touched = try note.revised(title: "t", at: date.addingTimeInterval(5))
        #expect(note.hasSameContent(as: touched))
        #expect(!note.hasSameContent(as: try note.revised(body: "c", at: date)))
    }
}

@Suite("Tags and IDs")
struct TagAndIDTests {
    /// Tags sort by a strict order, so a list comes out the same whatever order it went in:
    /// Swift's `String` `<` holds neither way between "e\u{301}" and "\u{E9}r", and a note's
    /// tags came back from the store in another order than they were written.
    @Test func tagsSortTheSameWhateverTheirOrder() throws {
        let texts = ["\u{E9}r", "e\u{301}", "e\u{301}\u{1E9B}", "\u{90}\u{92}#heading", "zebra", "\u{E9}"]
        let expected = try Tag.normalize(texts).map { Array($0.rawValue.unicodeScalars) }
        #expect(expected.count == 5, "é and e + combining acute are one tag")
        for rotation in 0..<texts.count {
            let rotated = Array(texts[rotation...] + texts[..<rotation])
            #expect(try Tag.normalize(rotated).map { Array($0.rawValue.unicodeScalars) }.map { String(String.UnicodeScalarView($0)).precomposedStringWithCanonicalMapping }
                    == expected.map { String(String.UnicodeScalarView($0)).precomposedStringWithCanonicalMapping })
            #expect(try Tag.normalize(rotated.reversed()).map(\.rawValue.precomposedStringWithCanonicalMapping)
                    == ["zebra", "\u{90}\u{92}#heading", "\u{E9}", "\u{E9}r", "\u{E9}\u{1E9B}"])
        }
    }

    @Test func tagsAreTrimmedAndLowercased() throws {
        #expect(try Tag("  Work ").rawValue == "work")
        #expect(try Tag.normalize(["B", "a", " b "]).map(\.rawValue) == ["a", "b"])
    }

    @Test(arguments: ["two words", "a,b", "tab\there"])
    func tagsWithSpacesOrCommasAreRejected(text: String) {
        #expect(throws: NoteValidationError.tagContainsSpace(text)) { try Tag(text) }
    }

    /// A space after a prepended mark (U+0600) is inside that mark's character: trimming looks at
    /// scalars, so it is trimmed like any other (it used to stay and then refuse the tag).
    @Test func surroundingSpaceIsTrimmedByScalarNotByCharacter() throws {
        #expect(try Tag("x\u{600} ").rawValue == "x\u{600}")
        #expect(try Note(id: NoteID(high: 1, low: 1), title: "x\u{600} ", body: "", tags: [], created: .distantPast, updated: .distantPast)
            .title.unicodeScalars.elementsEqual("x\u{600}".unicodeScalars))
    }

    /// Issue 14: the databases' one-column form of a tag list splits on the space scalar, so a tag
    /// that starts with a combining mark or a joiner comes back as it went in.
    @Test func joinedTagsSplitBackExactly() throws {
        let tags = try Tag.normalize(["a", "\u{301}b", "\u{200D}c", "d\u{600}", "x\u{0}y"])
        let split = try Tag.split(Tag.joined(tags))
        #expect(split.map { Array($0.rawValue.utf8) } == tags.map { Array($0.rawValue.utf8) })
        #expect(try Tag.split("").isEmpty)
    }

    @Test func emptyTagIsRejected() {
        #expect(throws: NoteValidationError.emptyTag) { try Tag("  ") }
    }

    @Test func idsAreLowercaseHex() {
        #expect(NoteID("00ff") != nil)
        #expect(NoteID("00FF") == nil)
        #expect(NoteID("") == nil)
        #expect(NoteID("xyz") == nil)
        #expect(NoteID(high: 0xab, low: 1).rawValue == "00000000000000ab0000000000000001")
        #expect(NoteID(high: 0xab, low: 1).short == "00000000")
    }
}
