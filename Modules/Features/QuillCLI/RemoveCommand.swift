import ArgumentParser

/// `quill rm ID`
public struct RemoveCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a note.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let tombstone = try await environment.notes.remove(id)
        environment.console.write("deleted \(tombstone.id.short)  \(tombstone.title)\n")
    }
}
