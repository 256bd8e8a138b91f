import ArgumentParser

/// `quill-server backup PATH`
public struct BackupCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the SQLite store to a new file, safe while servers run (PostgreSQL: use pg_dump).")

    @Argument(help: "The new file to write.") var path: String
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let version = try environment.server.backup(to: path)
        environment.console.writeError("backed up to \(path) (schema version \(version))\n")
    }
}
