import ArgumentParser
import NotesFeature
import QuillModels
import SearchIndexInterface

/// `quill links ID [--json]`, `quill links --broken|--ambiguous [--json]`, `quill links --dot`
public struct LinksCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "links", abstract: "List a note's links, or every broken or ambiguous link, or draw the graph.",
        discussion: """
            A link is [[Title]], [[Title|shown text]], [[Title#Heading]], [[Title^block]], [[ID prefix]], \
            [text](Title.md) or [text](quill:ID), outside code. It reaches the note whose title, alias \
            (the 'aliases' of its front matter) or ID prefix it names, ignoring case: a title beats an alias, \
            an alias beats an ID prefix, and among equals the most recently updated note wins (the link is then \
            ambiguous). 'quill links --dot | dot -Tsvg > notes.svg' draws every note that links or is linked.
            """)

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String?
    @Flag(help: "Every link that reaches no note, by note.") var broken = false
    @Flag(help: "Every link whose target names several notes equally, with the one it reaches.") var ambiguous = false
    @Flag(help: "Every link as a graph in Graphviz's DOT format.") var dot = false
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func validate() throws {
        let chosen = [id != nil, broken, ambiguous, dot].filter { $0 }.count
        if chosen == 0 { throw ValidationError("give a note's ID, or --broken, --ambiguous or --dot") }
        if chosen > 1 { throw ValidationError("give one of a note's ID, --broken, --ambiguous and --dot") }
        if dot, json { throw ValidationError("--dot and --json do not go together") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        let links: [ResolvedLink]
        if let id {
            let note = try await environment.notes.note(id)
            links = try await environment.links.links(from: note.id, progress: progress.update)
        } else {
            links = try await environment.links.links(broken ? .broken : ambiguous ? .ambiguous : .all, progress: progress.update)
        }
        progress.finish()
        if json { return environment.console.write(try LinkOutput.json(links)) }
        if dot { return environment.console.write(LinkOutput.dot(links)) }
        let style = try await display.style(in: environment)
        if id != nil { return environment.console.write(LinkOutput.outgoing(links, style: style)) }
        environment.console.write(LinkOutput.byNote(links, style: style, showingDestination: ambiguous))
        let count = links.count
        let kind = broken ? "broken" : "ambiguous"
        environment.console.writeError("\(count) \(kind) \(Counted.noun("link", count: count)) in \(Counted.text(Set(links.map(\.source)).count, "note"))\n")
    }
}

/// `quill backlinks ID [--json]`
public struct BacklinksCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "backlinks", abstract: "List the notes that link to a note, with the line of each link.",
        discussion: "See 'quill links --help' for what a link is and which note it reaches.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let note = try await environment.notes.note(id)
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        let links = try await environment.links.backlinks(to: note.id, progress: progress.update)
        progress.finish()
        if json { return environment.console.write(try LinkOutput.json(links)) }
        environment.console.write(LinkOutput.incoming(links, style: try await display.style(in: environment)))
    }
}
