import ArgumentParser

/// `quill-server restore PATH`
public struct RestoreCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into an empty data directory (never over an existing store); the server upgrades it when it starts.")

    @Argument(help: "The backup file (written by quill-server backup).") var path: String
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let version = try environment.server.restore(from: path)
        environment.console.writeError("restored \(path) (schema version \(version))\n")
    }
}
