import ByteStreamTesting
import FileSystemTesting
import Foundation
import NoteStoreInterface
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import StandardTesting
import Testing

@Suite("quill commands")
struct NoteCommandsTests {
    let store = InMemoryNoteStore()
    let console = RecordingConsole()
    let start = Date(millisecondsSince1970: 1_767_603_600_000)
    let clock = SteppingClock(start: Date(millisecondsSince1970: 1_767_603_600_000), step: 60)
    let ids = SequentialNoteIDs()

    var environment: CLIEnvironment {
        QuillTestRoots.test(store: store, clock: clock, ids: ids, console: console)
    }

    /// What `show` and a change of title read links from.
    var linkReading: (index: InMemorySearchIndex, source: ListingSearchSource) {
        (InMemorySearchIndex(), ListingSearchSource(store: store))
    }

    @Test func addPrintsTheNewID() async throws {
        try await run(["add", "Hello", "--body", "World", "--tag", "Work"], in: environment)
        #expect(console.output == "00000000000000000000000000000001\n")
        let note = try #require(await store.note(id: NoteID(high: 0, low: 1)))
        #expect(note.body == "World" && note.tags.map(\.rawValue) == ["work"])
    }

    @Test func addReadsTheBodyFromPipedStandardInput() async throws {
        let piped = RecordingConsole(standardInput: Data("from stdin\n".utf8))
        let environment = QuillTestRoots.test(store: store, clock: FixedClock(start), ids: SequentialNoteIDs(), console: piped)
        try await run(["add", "Piped"], in: environment)
        #expect(await store.note(id: NoteID(high: 0, low: 1))?.body == "from stdin\n")
    }

    @Test func addReadsTheBodyFromAFile() async throws {
        let files = InMemoryByteStreamFiles(files: ["/work/body.md": Array("# From a file".utf8)])
        let environment = QuillTestRoots.test(
            store: store, clock: FixedClock(start), ids: SequentialNoteIDs(), console: console, byteStreams: files)
        try await run(["add", "Filed", "--file", "body.md"], in: environment)
        #expect(await store.note(id: NoteID(high: 0, low: 1))?.body == "# From a file")
    }

    @Test func unreadableOrInvalidInputIsAClearErrorAndAddsNothing() async throws {
        let files = InMemoryByteStreamFiles(files: ["/work/binary": [0xff, 0xfe, 0x00]])
        let environment = QuillTestRoots.test(store: store, console: console, byteStreams: files)
        await #expect(throws: CLIFailure.self) { try await run(["add", "x", "--file", "missing.md"], in: environment) }
        let failure = await #expect(throws: CLIFailure.self) { try await run(["add", "x", "--file", "binary"], in: environment) }
        #expect(failure?.message == "binary is not valid UTF-8 text")
        #expect(await store.list(.init(includeDeleted: true)).notes.isEmpty)
    }

    /// `yes | quill add T` and `--file /dev/stdin` fed without end were read until memory ran
    /// out (the process trapped); reading stops one byte past what a body may hold.
    @Test func inputLargerThanABodyIsRefusedWithoutReadingOn() async throws {
        let tooLarge = [UInt8](repeating: UInt8(ascii: "y"), count: NoteLimits.maximumBodyBytes + 1)
        let files = InMemoryByteStreamFiles(files: ["/work/big.md": tooLarge, "/work/full.md": Array(tooLarge.dropLast())])
        let environment = QuillTestRoots.test(store: store, clock: FixedClock(start), ids: SequentialNoteIDs(), console: console, byteStreams: files)
        let fromFile = await #expect(throws: CLIFailure.self) { try await run(["add", "x", "--file", "big.md"], in: environment) }
        #expect(fromFile?.message == "big.md holds more than a note's body may: the limit is \(ByteCount.text(Int64(NoteLimits.maximumBodyBytes)))")
        let piped = RecordingConsole(standardInput: Data(tooLarge + tooLarge))
        let fromInput = await #expect(throws: CLIFailure.self) {
            try await run(["add", "x"], in: QuillTestRoots.test(store: store, clock: FixedClock(start), ids: SequentialNoteIDs(), console: piped))
        }
        #expect(fromInput?.message.hasPrefix("standard input holds more than a note's body may") == true)
        #expect(await store.list(.init(includeDeleted: true)).notes.isEmpty)
        try await run(["add", "Full", "--file", "full.md"], in: environment)
        #expect(await store.list(.init()).notes.count == 1, "a body of exactly the limit is taken")
    }

    @Test func listShowsNewestFirstAndFiltersByTag() async throws {
        try await run(["add", "Old", "--tag", "a", "--body", ""], in: environment)
        try await run(["add", "New", "--body", ""], in: environment)
        let lister = RecordingConsole()
        try await run(["list"], in: QuillTestRoots.test(store: store, console: lister))
        #expect(lister.output == """
            00000000  2026-01-05 09:01  New
            00000000  2026-01-05 09:00  Old  #a

            """)
        let tagged = RecordingConsole()
        try await run(["list", "--tag", "A"], in: QuillTestRoots.test(store: store, console: tagged))
        #expect(tagged.output.contains("Old") && !tagged.output.contains("New"))
    }

    /// A Greek tag typed in capitals is the tag typed in lower case, spelled with its final ς.
    @Test func aGreekTagInCapitalsIsOneTagWithTheLowerCase() async throws {
        try await run(["add", "Upper", "--tag", "ΣΗΜΕΙΏΣΕΙΣ", "--body", ""], in: environment)
        try await run(["add", "Lower", "--tag", "σημειώσεις", "--body", ""], in: environment)
        let tagged = RecordingConsole()
        try await run(["list", "--tag", "σημειώσεις"], in: QuillTestRoots.test(store: store, console: tagged))
        #expect(tagged.output.contains("Upper  #σημειώσεις") && tagged.output.contains("Lower  #σημειώσεις"))
    }

    @Test func listJSONIsStable() async throws {
        try await run(["add", "Only", "--tag", "t", "--body", "b"], in: environment)
        let json = RecordingConsole()
        try await run(["list", "--json"], in: QuillTestRoots.test(store: store, console: json))
        #expect(json.output == """
            [
              {
                "created" : "2026-01-05T09:00:00.000Z",
                "id" : "00000000000000000000000000000001",
                "revision" : 1,
                "tags" : [
                  "t"
                ],
                "title" : "Only",
                "updated" : "2026-01-05T09:00:00.000Z"
              }
            ]

            """)
    }

    @Test func showAcceptsAPrefixAndPrintsJSON() async throws {
        try await run(["add", "Shown", "--body", "text"], in: environment)
        let shown = RecordingConsole()
        try await run(["show", "00000000000000000000000000000001", "--json"],
                      in: QuillTestRoots.test(store: store, console: shown, searchIndex: linkReading.index, searchSource: linkReading.source))
        let document = try JSONDecoder().decode(NoteDocument.self, from: Data(shown.output.utf8))
        #expect(document.title == "Shown" && document.body == "text" && document.format == 1)
    }

    @Test func showOfAnUnknownIDFailsWithNotFound() async throws {
        let failure = await #expect(throws: NoteServiceErrorMatcher.self) {
            do { try await run(["show", "abc"], in: QuillTestRoots.test(store: store, console: console)) } catch {
                throw NoteServiceErrorMatcher(failure: CLIFailure.from(error))
            }
        }
        #expect(failure?.failure.status == .notFound)
        #expect(failure?.failure.hint == "run 'quill list' to see note IDs")
    }

    @Test func editWithFlagsChangesTheNote() async throws {
        try await run(["add", "Before", "--tag", "x", "--body", ""], in: environment)
        let edited = RecordingConsole()
        try await run(["edit", "00000000000000000000000000000001", "--title", "After", "--untag", "x", "--tag", "y"],
                      in: QuillTestRoots.test(store: store, clock: FixedClock(start.addingTimeInterval(600)), console: edited,
                                              searchIndex: linkReading.index, searchSource: linkReading.source))
        #expect(edited.output == "updated 00000000  After  (revision 2)\n")
        let note = try #require(await store.note(id: NoteID(high: 0, low: 1)))
        #expect(note.title == "After" && note.tags.map(\.rawValue) == ["y"])
    }

    @Test func editWithoutFlagsOnATerminalOpensTheEditor() async throws {
        try await run(["add", "Draft", "--body", "old body"], in: environment)
        let editor = ScriptedEditor(reply: "Final title\n\nnew body\n")
        try await run(["edit", "00000000000000000000000000000001"],
                      in: QuillTestRoots.test(store: store, clock: FixedClock(start), console: RecordingConsole(), editor: editor,
                                              searchIndex: linkReading.index, searchSource: linkReading.source))
        #expect(editor.openedTexts == ["Draft\n\nold body"])
        let note = try #require(await store.note(id: NoteID(high: 0, low: 1)))
        #expect(note.title == "Final title" && note.body == "new body\n")
    }

    /// A `quill sync --watch` beside the editor wrote another change of the note; saving the
    /// editor's text over it lost that change without a word.
    @Test func anEditorSavingAfterAChangeMeanwhileMergesOrKeepsTheEditApart() async throws {
        try await run(["add", "Draft", "--body", "one\ntwo\nthree\n"], in: environment)
        let id = NoteID(high: 0, low: 1)
        let sync = QuillTestRoots.test(store: store, clock: FixedClock(start), console: RecordingConsole())
        let merging = ScriptedEditor(reply: "Draft\n\none\ntwo\nTHREE\n") {
            try await run(["edit", id.rawValue, "--body", "ONE\ntwo\nthree\n"], in: sync)
        }
        let merged = RecordingConsole()
        try await run(["edit", id.rawValue], in: QuillTestRoots.test(store: store, clock: FixedClock(start), console: merged, editor: merging,
                                                                    searchIndex: linkReading.index, searchSource: linkReading.source))
        #expect(merged.output == "updated 00000000  Draft  (revision 3), merged with revision 2, which came while the editor was open\n")
        #expect(await store.note(id: id)?.body == "ONE\ntwo\nTHREE\n")

        let clashing = ScriptedEditor(reply: "Draft\n\nONE, mine\ntwo\nTHREE\n") {
            try await run(["edit", id.rawValue, "--body", "ONE, theirs\ntwo\nTHREE\n"], in: sync)
        }
        let failure = await #expect(throws: CLIFailure.self) {
            try await run(["edit", id.rawValue], in: QuillTestRoots.test(store: store, clock: FixedClock(start), ids: SequentialNoteIDs(namespace: 0xC0),
                                                                        console: RecordingConsole(), editor: clashing,
                                                                        searchIndex: linkReading.index, searchSource: linkReading.source))
        }
        #expect(failure?.message.hasPrefix("the note changed on the same lines while the editor was open (now revision 4); your edit is kept") == true,
                "\(String(describing: failure))")
        #expect(await store.note(id: id)?.body == "ONE, theirs\ntwo\nTHREE\n")
        let copies = await store.list(NoteQuery()).notes.filter { $0.title == "Draft (edited meanwhile)" }
        #expect(copies.count == 1)
        #expect(await store.note(id: try #require(copies.first).id)?.body == "ONE, mine\ntwo\nTHREE\n")
    }

    /// An edit the store refuses (too large, no title) lost everything typed in the editor.
    @Test func anEditorsTextThatIsRefusedIsKeptWhereTheEditorSavedIt() async throws {
        try await run(["add", "Draft", "--body", "old body"], in: environment)
        let id = NoteID(high: 0, low: 1)
        for (reply, says) in [
            ("\n\nno title above\n", "has no title"),
            ("Draft\n\n" + String(repeating: "a", count: NoteLimits.maximumBodyBytes + 1), "the limit is"),
        ] {
            let failure = await #expect(throws: CLIFailure.self) {
                do {
                    try await run(["edit", id.rawValue], in: QuillTestRoots.test(store: store, clock: FixedClock(start), console: RecordingConsole(),
                                                                                editor: ScriptedEditor(reply: reply),
                                                                                searchIndex: linkReading.index, searchSource: linkReading.source))
                } catch {
                    throw CLIFailure.from(error)
                }
            }
            #expect(failure?.message.contains(says) == true, "\(String(describing: failure))")
            #expect(failure?.hint?.contains("the edited text is kept in scripted-edit-1: fix it, then copy it into 'quill edit'") == true,
                    "\(String(describing: failure))")
        }
        #expect(await store.note(id: id)?.body == "old body")
    }

    @Test func editWithoutFlagsWhenPipedIsAUsageError() async throws {
        try await run(["add", "Draft", "--body", ""], in: environment)
        let piped = RecordingConsole(standardInput: Data())
        let failure = await #expect(throws: CLIFailure.self) {
            try await run(["edit", "00000000000000000000000000000001"], in: QuillTestRoots.test(store: store, console: piped))
        }
        #expect(failure?.status == .usage)
    }

    @Test func removeAndSearch() async throws {
        try await run(["add", "Groceries", "--body", "Buy MILK"], in: environment)
        try await run(["add", "Other", "--body", "nothing"], in: environment)
        let index = InMemorySearchIndex()
        let found = RecordingConsole()
        try await run(["search", "milk"], in: searching(index, console: found))
        #expect(found.output == "00000000  2026-01-05 09:00  Groceries\n    Buy **MILK**\n")
        let terminal = RecordingConsole(isStandardOutputTerminal: true)
        try await run(["search", "milk"], in: searching(index, console: terminal))
        #expect(terminal.output.hasSuffix("    Buy \u{1B}[1;7mMILK\u{1B}[0m\n"))
        let json = RecordingConsole()
        try await run(["search", "milk", "--json"], in: searching(index, console: json))
        #expect(json.output.contains(#""snippet" : "Buy **MILK**""#))
        try await run(["rm", "00000000000000000000000000000001"], in: environment)
        let after = RecordingConsole()
        try await run(["search", "milk"], in: searching(index, console: after))
        #expect(after.output.isEmpty && after.errors == "no notes match milk\n", "said on standard error, so a pipe reads nothing")
        let substring = RecordingConsole()
        try await run(["search", "mil"], in: searching(index, console: substring))
        #expect(substring.output.isEmpty)
        #expect(found.errors.isEmpty && json.errors.isEmpty)
        let none = RecordingConsole()
        try await run(["search", "nothing", "-n", "0"], in: searching(index, console: none))
        #expect(none.output.isEmpty && none.errors.isEmpty, "none were asked for")
    }

    /// A note's text is anyone's (an import, a shared server): on a terminal its escape sequences
    /// are shown, not obeyed (a title that retitles the window, a body that clears the screen),
    /// while quill's own colours pass; a pipe gets the text as it is.
    @Test func aNotesEscapeSequencesAreShownOnATerminalNotObeyed() async throws {
        try await run(["add", "Evil \u{1B}]0;pwned\u{07}title", "--body", "line\n\u{1B}[2Jcleared"], in: environment)
        let terminal = RecordingConsole(isStandardOutputTerminal: true)
        let links = linkReading
        try await run(["show", "00000000", "--color", "always"],
                      in: QuillTestRoots.test(store: store, console: terminal, searchIndex: links.index, searchSource: links.source))
        #expect(terminal.output.hasPrefix("\u{1B}[1mEvil ^[]0;pwned^Gtitle\u{1B}[0m\n"), "\(terminal.output)")
        #expect(terminal.output.hasSuffix("line\n^[[2Jcleared\n"), "\(terminal.output)")
        terminal.clear()
        try await run(["list"], in: QuillTestRoots.test(store: store, console: terminal))
        #expect(terminal.output.contains("Evil ^[]0;pwned^Gtitle"), "\(terminal.output)")
        let piped = RecordingConsole()
        try await run(["show", "00000000"], in: QuillTestRoots.test(store: store, console: piped, searchIndex: links.index, searchSource: links.source))
        #expect(piped.output.hasPrefix("Evil \u{1B}]0;pwned\u{07}title\n") && piped.output.hasSuffix("\u{1B}[2Jcleared\n"))
    }

    /// An empty answer says so on standard error, so that a person does not take a blank line
    /// for a failure, while a pipe reads nothing.
    @Test func anEmptyListOrTrashSaysSo() async throws {
        let empty = RecordingConsole()
        try await run(["list"], in: QuillTestRoots.test(store: store, console: empty))
        #expect(empty.output.isEmpty && empty.errors == "no notes yet: add one with 'quill add TITLE'\n")
        try await run(["add", "Only", "--tag", "home", "--body", ""], in: environment)
        let untagged = RecordingConsole()
        try await run(["list", "-t", "Work"], in: QuillTestRoots.test(store: store, console: untagged))
        #expect(untagged.output.isEmpty && untagged.errors == "no notes tagged work\n")
        let none = RecordingConsole()
        try await run(["list", "-n", "0"], in: QuillTestRoots.test(store: store, console: none))
        #expect(none.output.isEmpty && none.errors.isEmpty, "none were asked for")
        let trash = RecordingConsole()
        try await run(["trash"], in: QuillTestRoots.test(store: store, console: trash))
        #expect(trash.output.isEmpty && trash.errors == "the trash is empty\n")
        let json = RecordingConsole()
        try await run(["list", "-t", "work", "--json"], in: QuillTestRoots.test(store: store, console: json))
        #expect(json.errors.isEmpty)
    }

    @Test func aSearchThatIsNotOneIsAUsageError() async throws {
        let failure = await #expect(throws: CLIFailure.self) {
            try await run(["search", "..."], in: searching(InMemorySearchIndex(), console: RecordingConsole()))
        }
        #expect(failure?.message == SearchQueryError.empty.description && failure?.status == .usage)
    }

    private func searching(_ index: InMemorySearchIndex, console: RecordingConsole) -> CLIEnvironment {
        QuillTestRoots.test(store: store, console: console, searchIndex: index, searchSource: ListingSearchSource(store: store))
    }

    @Test func shortFlagsMeanTheirLongOptions() async throws {
        try await run(["add", "Old", "-t", "home", "--body", "milk"], in: environment)
        try await run(["add", "Other", "--body", "milk"], in: environment)
        try await run(["add", "New", "--body", "milk"], in: environment)
        try await run(["edit", "00000000000000000000000000000003", "-t", "home"], in: environment)
        let listed = RecordingConsole()
        try await run(["list", "-t", "home", "-n", "1"], in: QuillTestRoots.test(store: store, console: listed))
        #expect(listed.output == "00000000  2026-01-05 09:03  New  #home\n")
        let found = RecordingConsole()
        try await run(["search", "milk", "-n", "2"], in: searching(InMemorySearchIndex(), console: found))
        #expect(found.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count == 2)
    }

    @Test func usageErrorsAreCaughtByTheParser() {
        #expect(throws: (any Error).self) { try Quill.parseAsRoot(["add"]) }
        #expect(throws: (any Error).self) { try Quill.parseAsRoot(["add", "t", "--body", "a", "--file", "b"]) }
        #expect(throws: (any Error).self) { try Quill.parseAsRoot(["list", "--limit", "x"]) }
        #expect(throws: (any Error).self) { try Quill.parseAsRoot(["frobnicate"]) }
    }

    @Test func previewFlagIsAcceptedBeforeAndAfterTheSubcommand() throws {
        let before = try #require(try Quill.parseAsRoot(["--preview", "list"]) as? any QuillCommand)
        let after = try #require(try Quill.parseAsRoot(["list", "--preview"]) as? any QuillCommand)
        #expect(before.global.preview && after.global.preview)
    }
}

/// Wraps a `CLIFailure` so a test can check the user-facing mapping of any thrown error.
struct NoteServiceErrorMatcher: Error {
    let failure: CLIFailure
}
