import ArgumentParser
import QuillModels

/// `quill mcp [--allow-writes]`: a Model Context Protocol server on standard input and output,
/// for an AI assistant to search, read and (when allowed) write the local notes.
public struct MCPCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mcp", abstract: "Serve the notes to an AI assistant over the Model Context Protocol (standard input and output).",
        discussion: """
            An assistant starts this command itself and speaks MCP over its standard input and output; \
            nothing else may be written to them. Tools: search_notes, list_notes, read_note, list_backlinks and \
            list_tags; with --allow-writes also create_note and append_to_note, each a normal revision that \
            'quill sync' sends. Without --allow-writes the notes cannot be changed: a write is refused with a \
            message saying so. Registering it with an assistant: see docs/mcp.md.
            """)

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Offer the tools that create and change notes.") var allowWrites = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        try await environment.assistantTools.serve(
            NoteTools.all(environment, allowWrites: allowWrites), name: "quill", version: QuillVersion.current,
            instructions: """
                The user's notes, kept with the quill command line. Search or list to find notes, then read one by its ID. \
                Links between notes are [[Title]]; list_backlinks shows what links to a note.\
                \(allowWrites ? " create_note and append_to_note write new revisions, which sync like the user's own." : " The notes are read-only here.")
                """)
    }
}
