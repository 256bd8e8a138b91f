import StandardInterfaces
import NotesFeature
import NoteStoreInterface
import QuillModels
import SearchIndexInterface

/// The tools `quill mcp` offers an AI assistant: search, list, read, backlinks and tags, and,
/// with `--allow-writes`, create and append. Each answers JSON a model reads easily, with
/// note IDs it can pass to the next call.
///
/// Exists apart from the protocol so that the same tools are called directly in tests; they
/// work through the same services as the commands, so every write is a normal revision that
/// syncs.
enum NoteTools {
    static let defaultLimit = 20

    static func all(_ environment: CLIEnvironment, allowWrites: Bool) -> [AssistantTool] {
        let writes: AssistantTool.Availability = allowWrites
            ? .offered : .refused("this tool changes notes, and quill mcp was started without --allow-writes; restart it with --allow-writes to allow it")
        return [
            search(environment), list(environment), read(environment), backlinks(environment), tags(environment),
            create(environment, writes), append(environment, writes),
        ]
    }

    private static func search(_ environment: CLIEnvironment) -> AssistantTool {
        AssistantTool(
            name: "search_notes", title: "Search notes",
            description: """
                Full-text search of the notes, best matches first. The query language of `quill search`: words (all must \
                occur), "a phrase", prefix*, -excluded, a OR b, tag:name. Returns each note's ID, title, tags, last update \
                and a snippet with the matches in **bold**.
                """,
            inputSchema: schema(["query": string("What to look for."), "limit": limit], required: ["query"]), writes: false,
            availability: .offered
        ) { arguments in
            let query = try arguments.string("query", required: true) ?? ""
            let hits = try await failures { try await environment.search.search(query, limit: try arguments.integer("limit", in: 1...100) ?? defaultLimit) }
            return .array(hits.map { hit in
                var fields = summary(hit.summary)
                fields["snippet"] = .string(hit.snippet.runs.map { $0.isMatch ? "**\($0.text)**" : $0.text }.joined())
                return .object(fields)
            })
        }
    }

    private static func list(_ environment: CLIEnvironment) -> AssistantTool {
        AssistantTool(
            name: "list_notes", title: "List notes",
            description: "The most recently updated notes first, optionally only those with a tag. Returns each note's ID, title, tags and last update.",
            inputSchema: schema(["tag": string("Only notes with this tag (without '#')."), "limit": limit]), writes: false,
            availability: .offered
        ) { arguments in
            let tag = try arguments.string("tag").map { text throws(ToolFailure) in
                do { return try Tag(text) } catch { throw ToolFailure(CLIFailure.from(error).message) }
            }
            let listing = try await failures {
                try await environment.notes.list(NoteQuery(tag: tag, limit: try arguments.integer("limit", in: 1...1000) ?? defaultLimit))
            }
            return .array(listing.notes.map { .object(summary($0)) })
        }
    }

    private static func read(_ environment: CLIEnvironment) -> AssistantTool {
        AssistantTool(
            name: "read_note", title: "Read a note",
            description: "One note, whole: its Markdown body, title, tags and dates. Name it by ID, by a unique ID prefix, or by its exact title.",
            inputSchema: schema(["note": noteReference], required: ["note"]), writes: false, availability: .offered
        ) { arguments in
            let reference = try arguments.string("note", required: true) ?? ""
            let note = try await failures { try await environment.notes.note(identifiedOrTitled: reference) }
            return .object(document(note))
        }
    }

    private static func backlinks(_ environment: CLIEnvironment) -> AssistantTool {
        AssistantTool(
            name: "list_backlinks", title: "List backlinks",
            description: "The notes that link to a note ([[Title]], [[alias]] or [text](quill:ID)), each with the line that links.",
            inputSchema: schema(["note": noteReference], required: ["note"]), writes: false, availability: .offered
        ) { arguments in
            let reference = try arguments.string("note", required: true) ?? ""
            let links = try await failures {
                let note = try await environment.notes.note(identifiedOrTitled: reference)
                return try await environment.links.backlinks(to: note.id)
            }
            return .array(links.map { link in
                .object(["id": .string(link.source.rawValue), "title": .string(link.sourceTitle), "line": .integer(link.link.line),
                         "context": .string(link.link.context)])
            })
        }
    }

    private static func tags(_ environment: CLIEnvironment) -> AssistantTool {
        AssistantTool(
            name: "list_tags", title: "List tags",
            description: "Every tag in use, with how many notes carry it, most used first.",
            inputSchema: schema([:]), writes: false, availability: .offered
        ) { _ in
            let listing = try await failures { try await environment.notes.list(NoteQuery()) }
            var counts: [Tag: Int] = [:]
            for note in listing.notes { for tag in note.tags { counts[tag, default: 0] += 1 } }
            return .array(counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }.map {
                .object(["tag": .string($0.key.rawValue), "notes": .integer($0.value)])
            })
        }
    }

    private static func create(_ environment: CLIEnvironment, _ availability: AssistantTool.Availability) -> AssistantTool {
        AssistantTool(
            name: "create_note", title: "Create a note",
            description: "Adds a note (a new revision that `quill sync` sends like any other). Returns it with its new ID.",
            inputSchema: schema(["title": string("The title (one line)."), "body": string("Markdown text."),
                                 "tags": .object(["type": "array", "items": .object(["type": "string"]), "description": "Tags, without '#'."])],
                                required: ["title"]),
            writes: true, availability: availability
        ) { arguments in
            let title = try arguments.string("title", required: true) ?? ""
            let note = try await failures {
                try await environment.notes.add(title: title, body: try arguments.string("body") ?? "", tags: try arguments.strings("tags"))
            }
            return .object(document(note))
        }
    }

    private static func append(_ environment: CLIEnvironment, _ availability: AssistantTool.Availability) -> AssistantTool {
        AssistantTool(
            name: "append_to_note", title: "Append to a note",
            description: "Adds text at the end of a note's body, after a blank line, as a new revision. Returns the note as it now is.",
            inputSchema: schema(["note": noteReference, "text": string("Markdown to add.")], required: ["note", "text"]),
            writes: true, availability: availability
        ) { arguments in
            let reference = try arguments.string("note", required: true) ?? ""
            let text = try arguments.string("text", required: true) ?? ""
            guard !text.allSatisfy(\.isWhitespace) else { throw ToolFailure("the argument 'text' is empty: there is nothing to append") }
            let note = try await failures {
                let current = try await environment.notes.note(identifiedOrTitled: reference)
                let body = current.body.isEmpty ? text : current.body + (current.body.hasSuffix("\n") ? "\n" : "\n\n") + text
                return try await environment.notes.edit(current.id.rawValue, changes: NoteChanges(body: body))
            }
            return .object(document(note))
        }
    }

    // MARK: Answers and schemas

    private static func summary(_ note: NoteSummary) -> [String: ToolValue] {
        ["id": .string(note.id.rawValue), "title": .string(note.title), "tags": .array(note.tags.map { .string($0.rawValue) }),
         "updated": .string(Timestamp(note.updated).description)]
    }

    private static func document(_ note: Note) -> [String: ToolValue] {
        ["id": .string(note.id.rawValue), "title": .string(note.title), "tags": .array(note.tags.map { .string($0.rawValue) }),
         "created": .string(Timestamp(note.created).description), "updated": .string(Timestamp(note.updated).description),
         "revision": .integer(note.revision), "body": .string(note.body)]
    }

    private static let noteReference = string("The note's ID, a unique prefix of it, or its exact title.")
    private static let limit: ToolValue = .object(["type": "integer", "minimum": 1, "maximum": 100,
                                                   "description": .string("At most this many (default \(defaultLimit)).")])

    private static func string(_ description: String) -> ToolValue {
        .object(["type": "string", "description": .string(description)])
    }

    private static func schema(_ properties: [String: ToolValue], required: [String] = []) -> ToolValue {
        .object(["type": "object", "properties": .object(properties), "required": .array(required.map(ToolValue.string)),
                 "additionalProperties": false])
    }

    /// Runs `work`, turning what a person would be told (a note not found, an invalid title or
    /// query) into the assistant's `ToolFailure`.
    private static func failures<Value>(_ work: () async throws -> Value) async throws -> Value {
        do {
            return try await work()
        } catch let failure as ToolFailure {
            throw failure
        } catch let error as NoteServiceError {
            throw ToolFailure(CLIFailure.from(error).message)
        } catch let error as NoteValidationError {
            throw ToolFailure(CLIFailure.from(error).message)
        } catch let error as SearchQueryError {
            throw ToolFailure(CLIFailure.from(error).message)
        }
    }
}
