import ArgumentParser

/// `quill add TITLE [--body TEXT | --file PATH | stdin] [-t|--tag T ...]`
public struct AddCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a note and print its ID.",
        discussion: "The body comes from --body, --file, or standard input when it is not a terminal.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's title.") var title: String
    @Option(help: "The note's body (Markdown).") var body: String?
    @Option(help: "Read the body from this file.") var file: String?
    @Option(name: [.customShort("t"), .customLong("tag")], help: "A tag; repeat for several.") var tags: [String] = []

    public init() {}

    public func validate() throws {
        if body != nil && file != nil { throw ValidationError("pass either --body or --file, not both") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let text: String
        if let body {
            text = body
        } else if let file {
            text = try TextInput.text(fromFile: file, in: environment)
        } else {
            text = try TextInput.standardInput(in: environment) ?? ""
        }
        let note = try await environment.notes.add(title: title, body: text, tags: tags)
        environment.console.write(note.id.rawValue + "\n")
    }
}
