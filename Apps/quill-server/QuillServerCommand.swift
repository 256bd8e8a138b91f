import ArgumentParser
import Foundation
import Logging
import QuillModels
import ServerComposition

/// `quill-server`: the sync server. With no subcommand it serves.
@main
struct QuillServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quill-server",
        abstract: "The Quill sync server.",
        discussion: "Settings: flags, then QUILL_SERVER_HOST, QUILL_SERVER_PORT, QUILL_SERVER_DATABASE, QUILL_SERVER_LOG_LEVEL and QUILL_SERVER_DATA, then defaults.",
        version: QuillVersion.current,
        subcommands: [Serve.self, AccountCommand.self],
        defaultSubcommand: Serve.self)
}

/// Where the data is: shared by every subcommand that opens the store.
struct StorageOptions: ParsableArguments {
    @Option(help: "postgres://user:password@host:port/database, or sqlite:PATH (default: SQLite in the data directory).")
    var database: String?

    @Option(name: .customLong("data-dir"), help: "Directory of the SQLite file (default: $QUILL_SERVER_DATA, $XDG_DATA_HOME/quill-server or ~/.local/share/quill-server).")
    var dataDirectory: String?
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the sync API until SIGTERM or SIGINT.")

    @Option(help: "Address to listen on (default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on; 0 picks a free one (default 8080).") var port: Int?
    @OptionGroup var storage: StorageOptions
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?
    @Flag(help: "Serve sample notes from memory, with a printed demo token; nothing is saved.") var preview = false

    func run() async throws {
        let configuration = try resolve(ServerOptions(
            host: host, port: port, database: storage.database, dataDirectory: storage.dataDirectory,
            logLevel: logLevel, preview: preview))
        let logger = makeLogger(configuration.logLevel)
        let environment = try ServerRoots.production(configuration, logger: logger)
        for line in environment.banner { logger.notice("\(line)") }
        try await ServerRunner.serve(environment, configuration: configuration, logger: logger, onServerRunning: { port in
            logger.notice("listening on http://\(configuration.host):\(port)")
        })
        logger.notice("stopped")
    }
}

struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Manage accounts and their tokens.", subcommands: [Create.self, Token.self, Revoke.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account and print its bearer token (shown only this once).")

        @Argument(help: "The account's name: letters, digits, '.', '-' or '_'.") var name: String
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let created = try await ServerRunner.createAccount(named: name, in: try productionEnvironment(storage))
            FileHandle.standardError.write(Data("created account '\(created.account.name)'; its token follows, shown only this once:\n".utf8))
            print(created.token)
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue one more token for an account (one per machine, say) and print it (shown only this once).")

        @Argument(help: "The account's name.") var name: String
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let environment = try productionEnvironment(storage)
            let token = try await ServerRunner.administer(environment) { [name] in try await $0.issueToken(forAccountNamed: name) }
            FileHandle.standardError.write(Data("new token for account '\(name)' follows, shown only this once:\n".utf8))
            print(token)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a token so it no longer authenticates (running servers stop accepting it within 30 s).")

        @Argument(help: "The token, or its ID (the hexadecimal part after 'quill_').") var token: String
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let environment = try productionEnvironment(storage)
            guard try await ServerRunner.administer(environment, { [token] in try await $0.revoke(token) }) else {
                throw ValidationError("no such token: nothing was revoked")
            }
            FileHandle.standardError.write(Data("revoked\n".utf8))
        }
    }
}

/// The production root over the storage the options name, for an administrative command.
func productionEnvironment(_ storage: StorageOptions) throws -> ServerEnvironment {
    let configuration = try resolve(ServerOptions(database: storage.database, dataDirectory: storage.dataDirectory))
    return try ServerRoots.production(configuration, logger: makeLogger(configuration.logLevel))
}

func resolve(_ options: ServerOptions) throws -> ServerConfiguration {
    do {
        return try ServerConfiguration.resolve(
            options, environment: ProcessInfo.processInfo.environment,
            homeDirectory: FileManager.default.homeDirectoryForCurrentUser.path)
    } catch let invalid as ServerConfiguration.Invalid {
        throw ValidationError(invalid.description)
    }
}

func makeLogger(_ level: Logger.Level) -> Logger {
    LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
    var logger = Logger(label: "quill-server")
    logger.logLevel = level
    return logger
}
