import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces
import Testing

@Suite struct BearerTokenTests {
    @Test func roundTripsThroughItsText() throws {
        let token = BearerToken(id: try #require(TokenID("0123abcd")), secret: "s3cret")
        #expect(token.description == "quill_0123abcd_s3cret")
        #expect(BearerToken(parsing: token.description) == token)
        #expect(BearerToken(parsing: "quill_0123abcd_" + String(repeating: "s", count: 128))?.secret.count == 128)
    }

    @Test(arguments: ["", "quill_", "quill_abc", "quill__x", "quill_ABC_x", "token_abc_x", "quill_abc_", "quill_abc_x_y",
                      "xquill_abc_x", "quill_abc_" + String(repeating: "s", count: 129)])
    func rejectsMalformedText(_ text: String) {
        #expect(BearerToken(parsing: text) == nil)
    }
}

@Suite struct TokenHashTests {
    @Test func hexRoundTrips() throws {
        let hash = TokenHash(bytes: [0, 1, 0xab, 0xff])
        #expect(hash.hex == "0001abff")
        #expect(TokenHash(hex: "0001ABff") == hash)
        #expect(TokenHash(hex: "abc") == nil)
        #expect(TokenHash(hex: "zz") == nil)
    }

    @Test func comparesWholeHashes() {
        let hash = TokenHash(bytes: [1, 2, 3])
        #expect(hash.constantTimeEquals(TokenHash(bytes: [1, 2, 3])))
        #expect(!hash.constantTimeEquals(TokenHash(bytes: [1, 2, 4])))
        #expect(!hash.constantTimeEquals(TokenHash(bytes: [1, 2])))
    }
}

@Suite struct ChangeCursorTests {
    @Test func parsesOnlyNonNegativeNumbers() {
        #expect(ChangeCursor("42") == ChangeCursor(sequence: 42))
        #expect(ChangeCursor("0") == .beginning)
        for bad in ["", "-1", "1.5", "abc", "99999999999999999999", " 1"] { #expect(ChangeCursor(bad) == nil) }
    }
}

@Suite struct PushRuleTests {
    let date = Date(timeIntervalSince1970: 1_700_000_000)

    func note(revision: Int = 1, title: String = "T") throws -> Note {
        try Note(id: try #require(NoteID("ab")), title: title, body: "", tags: [], created: date, updated: date, revision: revision)
    }

    @Test func createsWhenAbsentWithoutBase() throws {
        #expect(try PushRule.decide(PushedChange(note: note(revision: 1), baseRevision: nil, mayMerge: false), current: nil, ancestor: { _ in nil }) == .store(note(revision: 1)))
    }

    /// A client that edited a note offline has numbered those revisions already (its history shows
    /// them); the server keeps the client's number instead of reusing one the client holds.
    @Test func keepsTheClientsOwnNumberWhenItIsAhead() throws {
        #expect(try PushRule.decide(PushedChange(note: note(revision: 7), baseRevision: nil, mayMerge: false), current: nil, ancestor: { _ in nil }) == .store(note(revision: 7)))
        let decision = try PushRule.decide(PushedChange(note: note(revision: 6, title: "new"), baseRevision: 3, mayMerge: false), current: note(revision: 3), ancestor: { _ in nil })
        #expect(decision == .store(try note(revision: 6, title: "new")))
        #expect(try PushRule.decide(PushedChange(note: note(revision: 9), baseRevision: 5, mayMerge: false), current: nil, ancestor: { _ in nil }) == .store(note(revision: 9)))
    }

    /// A number past the largest base a client may name is not taken: later writes must not overflow.
    @Test func ignoresAClientNumberPastTheLargestBase() throws {
        let huge = PushedChange.maximumBaseRevision + 1
        #expect(try PushRule.decide(PushedChange(note: note(revision: huge), baseRevision: 3, mayMerge: false), current: note(revision: 3), ancestor: { _ in nil }) == .store(note(revision: 4)))
        let largest = PushedChange.maximumBaseRevision
        #expect(try PushRule.decide(PushedChange(note: note(revision: largest), baseRevision: 3, mayMerge: false), current: note(revision: 3), ancestor: { _ in nil }) == .store(note(revision: largest)))
    }

    @Test func storesNextRevisionWhenBaseIsCurrent() throws {
        let decision = try PushRule.decide(PushedChange(note: note(title: "new"), baseRevision: 3, mayMerge: false), current: note(revision: 3), ancestor: { _ in nil })
        #expect(decision == .store(try note(revision: 4, title: "new")))
    }

    @Test func conflictsOtherwise() throws {
        let current = try note(revision: 3, title: "server")
        #expect(try PushRule.decide(PushedChange(note: note(), baseRevision: 2, mayMerge: false), current: current, ancestor: { _ in nil }) == .conflict(current))
        #expect(try PushRule.decide(PushedChange(note: note(), baseRevision: nil, mayMerge: false), current: current, ancestor: { _ in nil }) == .conflict(current))
    }

    /// A store keeps the JSON a client sent only for the note as sent; a note the rule renumbered
    /// is encoded anew, so that no stored JSON names another revision than its row.
    @Test func aStoredNotesDocumentIsTheSentOneOnlyWhenItIsTheNoteSent() throws {
        let change = PushedChange(note: try note(revision: 7), baseRevision: 3, mayMerge: false)
        #expect(change.document(of: try note(revision: 7)) == change.document)
        let renumbered = try note(revision: 4)
        #expect(change.document(of: renumbered) == NoteDocument(renumbered).jsonBytes())
        #expect(change.document(of: renumbered) != change.document)
    }

    @Test func keepsTheClientsCopyWhenTheServerLostIt() throws {
        #expect(try PushRule.decide(PushedChange(note: note(), baseRevision: 5, mayMerge: false), current: nil, ancestor: { _ in nil }) == .store(note(revision: 6)))
    }

    /// A base revision of `Int.max` used to trap on `base + 1` and take the server down with it.
    @Test func refusesABaseRevisionWithoutANextOne() throws {
        for current in [nil, try note(revision: .max)] {
            #expect(throws: NoteValidationError.invalidRevision(.max)) {
                try PushRule.decide(PushedChange(note: note(), baseRevision: .max, mayMerge: false), current: current, ancestor: { _ in nil })
            }
        }
    }

    @Test func requestIDsAreBounded() {
        #expect(PushRequestID("abc") != nil)
        #expect(PushRequestID("") == nil)
        #expect(PushRequestID(String(repeating: "x", count: 201)) == nil)
        #expect(PushRequestID("a\nb") == nil)
        // Counted in code points, as the spec's maxLength counts them.
        #expect(PushRequestID(String(repeating: "é", count: 200)) != nil)
        #expect(PushRequestID(String(repeating: "é", count: 201)) == nil)
    }
}

@Suite struct SchemaDowngradeCheckTests {
    @Test func acceptsAFreshOlderOrCurrentSchema() throws {
        try SchemaDowngradeCheck.check(applied: [], known: [1, 2, 3])
        try SchemaDowngradeCheck.check(applied: [1], known: [1, 2, 3])
        try SchemaDowngradeCheck.check(applied: [1, 2, 3], known: [1, 2, 3])
    }

    @Test func refusesASchemaPastTheNewestKnownVersion() {
        #expect(throws: ServerStoreError.schemaTooNew(database: 5, newestKnown: 3)) {
            try SchemaDowngradeCheck.check(applied: [1, 2, 3, 4, 5], known: [1, 2, 3])
        }
    }

    @Test func explainsWhatToDo() {
        let message = ServerStoreError.schemaTooNew(database: 4, newestKnown: 3).description
        #expect(message.contains("version 4") && message.contains("up to 3"))
        #expect(message.contains("newer release") && message.contains("restore a backup"))
    }
}
