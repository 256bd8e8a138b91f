import StandardInterfaces
import StandardTesting
import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import Testing

/// `quill mcp`'s tools, called as a protocol server calls them: read-only unless
/// `--allow-writes`, every write a normal revision, and every bad argument a `ToolFailure` that
/// says what is wrong.
@Suite struct MCPCommandTests {
    let store = InMemoryNoteStore()
    let index = InMemorySearchIndex()
    let server = RecordingToolServer()

    func serve(_ arguments: [String]) async throws {
        let environment = QuillTestRoots.test(
            store: store, clock: SteppingClock(start: Date(timeIntervalSince1970: 1_767_225_600)), ids: SequentialNoteIDs(),
            console: RecordingConsole(), searchIndex: index, searchSource: ListingSearchSource(store: store), assistantTools: server)
        try await run(["mcp"] + arguments, in: environment)
        for (title, body, tags) in [("Plan", "Water the [[Garden]] on Monday", ["home"]), ("Garden", "Basil and tomatoes", ["home", "green"])]
            where await store.list(.init()).notes.count < 2 {
            _ = try await environment.notes.add(title: title, body: body, tags: tags)
        }
    }

    func text(_ value: ToolValue, _ key: String) -> String? {
        guard case .object(let fields) = value, case .string(let text)? = fields[key] else { return nil }
        return text
    }

    @Test func withoutAllowWritesOnlyTheReadToolsAreListedAndAWriteIsRefused() async throws {
        try await serve([])
        #expect(server.listed == ["search_notes", "list_notes", "read_note", "list_backlinks", "list_tags"])
        #expect(server.instructions?.contains("read-only") == true)
        await #expect(throws: ToolFailure(
            "this tool changes notes, and quill mcp was started without --allow-writes; restart it with --allow-writes to allow it")) {
            try await server.call("create_note", ["title": "Sneaky"])
        }
        #expect(await store.list(.init()).notes.count == 2)
    }

    @Test func theReadToolsAnswerWhatTheNotesHold() async throws {
        try await serve([])
        guard case .array(let hits) = try await server.call("search_notes", ["query": "basil"]) else { Issue.record("not an array"); return }
        #expect(hits.count == 1 && text(hits[0], "title") == "Garden" && text(hits[0], "snippet")?.contains("**Basil**") == true)
        let read = try await server.call("read_note", ["note": "garden"])
        #expect(text(read, "body") == "Basil and tomatoes")
        guard case .array(let backlinks) = try await server.call("list_backlinks", ["note": "Garden"]) else { Issue.record("not an array"); return }
        #expect(backlinks.map { text($0, "title") } == ["Plan"])
        #expect(try await server.call("list_tags") == [["tag": "home", "notes": 2], ["tag": "green", "notes": 1]])
        guard case .array(let listed) = try await server.call("list_notes", ["tag": "green"]) else { Issue.record("not an array"); return }
        #expect(listed.map { text($0, "title") } == ["Garden"])
    }

    @Test func badArgumentsAreToolFailuresThatSayWhatIsWrong() async throws {
        try await serve([])
        let cases: [(String, [String: ToolValue], String)] = [
            ("read_note", [:], "the argument 'note' is required: a string"),
            ("read_note", ["note": 3], "the argument 'note' must be a string"),
            ("read_note", ["note": "Nowhere"], "no note matches 'Nowhere'"),
            ("search_notes", ["query": "x", "limit": 500], "the argument 'limit' must be from 1 to 100, not 500"),
            ("search_notes", ["query": "x", "limt": 5], "unknown argument 'limt'; this tool takes limit, query"),
            ("list_notes", ["limit": .number(2.5)], "the argument 'limit' must be an integer"),
        ]
        for (tool, arguments, message) in cases {
            await #expect(throws: ToolFailure(message), "\(tool) \(arguments)") { try await server.call(tool, arguments) }
        }
        await #expect(throws: ToolFailure.self) { try await server.call("search_notes", ["query": "  "]) }
    }

    @Test func withAllowWritesCreateAndAppendWriteRevisions() async throws {
        try await serve(["--allow-writes"])
        #expect(server.listed.contains("create_note") && server.listed.contains("append_to_note"))
        let created = try await server.call("create_note", ["title": "Idea", "body": "First", "tags": ["ai"]])
        let id = try #require(text(created, "id"))
        let appended = try await server.call("append_to_note", ["note": .string(id), "text": "Second"])
        #expect(text(appended, "body") == "First\n\nSecond")
        let noteID = try #require(NoteID(id))
        let stored = try #require(await store.note(id: noteID))
        #expect(stored.revision == 2 && stored.body == "First\n\nSecond" && stored.tags.map(\.rawValue) == ["ai"])
        await #expect(throws: ToolFailure("the argument 'text' is empty: there is nothing to append")) {
            try await server.call("append_to_note", ["note": .string(id), "text": " "])
        }
    }
}
