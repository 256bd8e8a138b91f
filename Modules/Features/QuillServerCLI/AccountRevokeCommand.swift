import ArgumentParser

/// `quill-server account revoke TOKEN`
public struct AccountRevokeCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a token so it no longer authenticates (running servers stop accepting it within 30 s).")

    @Argument(help: "The token, or its ID (the hexadecimal part after 'quill_').") var token: String
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        guard try await environment.server.administer({ [token] in try await $0.revoke(token) }) else {
            throw ValidationError("no such token: nothing was revoked")
        }
        environment.console.writeError("revoked\n")
    }
}
