import ArgumentParser
import Foundation
import Logging
import QuillModels
import ServerComposition
import ServerFeature

/// `quill-server`: the sync server. With no subcommand it serves.
@main
struct QuillServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quill-server",
        abstract: "The Quill sync server.",
        discussion: "Settings: flags, then QUILL_SERVER_HOST, QUILL_SERVER_PORT, QUILL_SERVER_DATABASE, QUILL_SERVER_LOG_LEVEL, QUILL_SERVER_LOG_FORMAT and QUILL_SERVER_DATA, then defaults.",
        version: QuillVersion.current,
        subcommands: [Serve.self, AccountCommand.self, Backup.self, Restore.self],
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
    @Option(name: .customLong("log-format"), help: "text (one line for a person) or json (one object per line, for log collectors); default text.")
    var logFormat: String?
    @Flag(help: "Serve sample notes from memory, with a printed demo token; nothing is saved.") var preview = false
    @Option(name: .customLong("trusted-proxy"),
            help: "The address of a TLS proxy in front of the server whose X-Forwarded-Proto is believed (repeatable); the web reader's cookie is then Secure over HTTPS.")
    var trustedProxies: [String] = []

    func run() async throws {
        let configuration = try resolve(ServerOptions(
            host: host, port: port, database: storage.database, dataDirectory: storage.dataDirectory,
            logLevel: logLevel, logFormat: logFormat, preview: preview, trustedProxies: trustedProxies))
        try await withLogging(configuration) { logger in
            let environment = try ServerRoots.production(configuration, logger: logger)
            for line in environment.banner { logger.notice("\(line)") }
            try await ServerRunner.serve(environment, configuration: configuration, logger: logger, onServerRunning: { port in
                logger.notice("listening on http://\(configuration.host):\(port)")
            })
            logger.notice("stopped")
        }
    }
}

struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Manage accounts and their tokens.", subcommands: [Create.self, List.self, Delete.self, Token.self, Revoke.self, RevokeSessions.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account and print its bearer token (shown only this once).")

        @Argument(help: "The account's name: letters, digits, '.', '-' or '_'.") var name: String
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let created = try await administer(storage) { [name] in try await $0.register(name: name) }
            FileHandle.standardError.write(Data("created account '\(created.account.name)'; its token follows, shown only this once:\n".utf8))
            print(created.token)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the accounts: name, created, notes, tokens and last use of a token (recorded to the minute).")

        @Flag(help: "One JSON array of objects instead of a table.") var json = false
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let summaries = try await administer(storage) { try await $0.list() }
            print(json ? try AccountListing.json(summaries) : AccountListing.table(summaries), terminator: "")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an account with all its notes and tokens (running servers stop accepting its tokens within 30 s).")

        @Argument(help: "The account's name.") var name: String
        @Flag(help: "Confirm: the notes are deleted for good.") var yes = false
        @OptionGroup var storage: StorageOptions

        func validate() throws {
            guard yes else {
                throw ValidationError("deleting account '\(name)' deletes all its notes and tokens for good; add --yes to confirm "
                    + "(take a backup first: quill-server backup PATH)")
            }
        }

        func run() async throws {
            try await administer(storage) { [name] in try await $0.delete(name: name) }
            FileHandle.standardError.write(Data("deleted account '\(name)', its notes and its tokens\n".utf8))
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue one more token for an account (one per machine, say) and print it (shown only this once).")

        @Argument(help: "The account's name.") var name: String
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let token = try await administer(storage) { [name] in try await $0.issueToken(forAccountNamed: name) }
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
            guard try await administer(storage, { [token] in try await $0.revoke(token) }) else {
                throw ValidationError("no such token: nothing was revoked")
            }
            FileHandle.standardError.write(Data("revoked\n".utf8))
        }
    }

    struct RevokeSessions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke-sessions",
            abstract: "Sign an account out of the web reader everywhere (revoking a token also ends the sessions opened with it).")

        @Argument(help: "The account's name.") var name: String
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let configuration = try resolve(ServerOptions(database: storage.database, dataDirectory: storage.dataDirectory))
            let count = try await withLogging(configuration) { [name] logger in
                try await ServerRunner.revokeWebSessions(ofAccountNamed: name, in: try ServerRoots.production(configuration, logger: logger))
            }
            FileHandle.standardError.write(Data("ended \(count) web session(s) of account '\(name)'\n".utf8))
        }
    }
}

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a consistent copy of the SQLite store to a new file, safe while servers run (PostgreSQL: use pg_dump).")

    @Argument(help: "The new file to write.") var path: String
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let configuration = try resolve(ServerOptions(database: storage.database, dataDirectory: storage.dataDirectory))
        let version = try refusalsAsFailures { try ServerMaintenance.backup(configuration, to: path) }
        FileHandle.standardError.write(Data("backed up to \(path) (schema version \(version))\n".utf8))
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Restore a backup into an empty data directory (never over an existing store); the server upgrades it when it starts.")

    @Argument(help: "The backup file (written by quill-server backup).") var path: String
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let configuration = try resolve(ServerOptions(database: storage.database, dataDirectory: storage.dataDirectory))
        let version = try refusalsAsFailures { try ServerMaintenance.restore(configuration, from: path) }
        FileHandle.standardError.write(Data("restored \(path) (schema version \(version))\n".utf8))
    }
}

/// A refusal, said as `Error: <what and what to do>`, exit status 1.
struct Failure: Error, CustomStringConvertible {
    let description: String
}

func refusalsAsFailures<Value>(_ body: () throws -> Value) throws -> Value {
    do { return try body() } catch let refusal as ServerMaintenance.Refusal { throw Failure(description: refusal.description) }
}

/// Runs one administrative task on the production root over the storage the options name.
func administer<Value: Sendable>(
    _ storage: StorageOptions, _ task: @escaping @Sendable (AccountRegistration) async throws -> Value
) async throws -> Value {
    let configuration = try resolve(ServerOptions(database: storage.database, dataDirectory: storage.dataDirectory))
    return try await withLogging(configuration) { logger in
        try await ServerRunner.administer(try ServerRoots.production(configuration, logger: logger), task)
    }
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

/// Runs `body` with the process's logging installed, then writes out every buffered line.
func withLogging<Value>(_ configuration: ServerConfiguration, _ body: (Logger) async throws -> Value) async throws -> Value {
    let (logger, writer) = ServerLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
    defer { writer.shutdown() }
    return try await body(logger)
}
