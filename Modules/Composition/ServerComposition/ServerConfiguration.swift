import Foundation
import LocalFileSystem
import Logging
import PostgresServerStore
import QuillModels
import QuillServerCLI
import ServerFeature

/// The server's settings, resolved: flags, then environment variables, then defaults.
///
/// Exists as a value so that the precedence rule is one pure function, tested without
/// starting anything.
public struct ServerConfiguration: Equatable, Sendable {
    /// Where notes are kept.
    public enum Storage: Equatable, Sendable {
        /// One SQLite file (the default: `<data dir>/quill-server.sqlite`).
        case sqlite(path: String)
        /// A PostgreSQL database shared by any number of server processes.
        case postgres(url: String)
        /// Memory only, seeded with sample notes (`--preview`).
        case preview
    }

    public static let defaultHost = ServerSetting.host.defaultValue
    public static let defaultPort = 8080
    public static let databaseFileName = "quill-server.sqlite"

    public var host: String
    public var port: Int
    public var storage: Storage
    public var logLevel: Logger.Level
    public var logFormat: LogFormat
    /// The addresses of TLS proxies whose `X-Forwarded-Proto: https` makes the web reader's cookie `Secure`.
    public var trustedProxies: [String]
    /// Where `GET /v1/export` keeps its scratch files: `$TMPDIR`, else `/tmp`.
    public var temporaryDirectory: String
    /// What `quill-server history prune` keeps of each note's history (`--keep`,
    /// `QUILL_SERVER_HISTORY_KEEP`; default all: nothing is pruned).
    public var historyKeep: HistoryRetention
    /// The largest attachment and the per-account quota (`--max-attachment-size`,
    /// `QUILL_SERVER_MAX_ATTACHMENT_SIZE`, default 100 MiB; `--attachment-quota`,
    /// `QUILL_SERVER_ATTACHMENT_QUOTA`, default none).
    public var attachmentLimits: AttachmentLimits
    /// How often an idle event stream sends a keep-alive and checks its token (`--event-heartbeat`,
    /// `QUILL_SERVER_EVENT_HEARTBEAT`, default 15 s).
    public var eventHeartbeat: Duration
    /// How long a connection may send nothing before it is closed (`--idle-timeout`,
    /// `QUILL_SERVER_IDLE_TIMEOUT`, default 60 s).
    public var idleTimeout: Duration
    /// Wrong secrets one client address may send a minute (`--wrong-token-limit`); 0: no limit.
    public var wrongTokenLimit: Int
    /// Sign-in through an OpenID Connect provider (`--oidc-issuer` and the rest), when `serve` configures one.
    public var oidc: OIDCConfiguration?
    /// The provider's issuer as set (`--oidc-issuer`, `QUILL_SERVER_OIDC_ISSUER`): the one `account link` links subjects of.
    public var oidcIssuer: String?

    public init(host: String, port: Int, storage: Storage, logLevel: Logger.Level, logFormat: LogFormat = .text,
                trustedProxies: [String] = [], temporaryDirectory: String = "/tmp", historyKeep: HistoryRetention = .all,
                attachmentLimits: AttachmentLimits = AttachmentLimits(), eventHeartbeat: Duration = ServerDependencies.defaultEventHeartbeat,
                idleTimeout: Duration = ServerApplication.defaultIdleTimeout, wrongTokenLimit: Int = ServerDependencies.defaultWrongTokenLimit, oidc: OIDCConfiguration? = nil, oidcIssuer: String? = nil) {
        self.oidc = oidc
        self.oidcIssuer = oidcIssuer ?? oidc?.settings.issuer
        self.eventHeartbeat = eventHeartbeat
        self.idleTimeout = idleTimeout
        self.wrongTokenLimit = wrongTokenLimit
        self.historyKeep = historyKeep
        self.attachmentLimits = attachmentLimits
        self.trustedProxies = trustedProxies
        self.temporaryDirectory = temporaryDirectory
        self.host = host
        self.port = port
        self.storage = storage
        self.logLevel = logLevel
        self.logFormat = logFormat
    }

    /// The settings `options` name, then `environment`'s variables, then the defaults; a
    /// setting that cannot be used is a `ServerCommandFailure.invalidSetting` naming its source
    /// (`--port`, `$QUILL_SERVER_PORT`) and saying what it takes.
    public static func resolve(_ options: ServerOptions, environment: [String: String], homeDirectory: String) throws -> ServerConfiguration {
        func value(_ flag: String?, _ setting: ServerSetting) -> (text: String, source: String)? {
            if let flag { return (flag, setting.source(fromFlag: true)) }
            if let variable = setting.variable, let text = environment[variable], !text.isEmpty {
                return (text, setting.source(fromFlag: false))
            }
            return nil
        }
        func invalid(_ source: String, _ text: String, _ problem: String, _ setting: ServerSetting) -> ServerCommandFailure {
            .invalidSetting("\(source): '\(text)' \(problem)",
                            hint: "\(setting.summary.prefix(1).lowercased() + setting.summary.dropFirst()) (default: \(setting.defaultValue)); "
                                + "'quill-server serve --help' lists every setting")
        }
        /// A whole number in `range`, or nil when the setting is not given.
        func integer(_ flag: String?, _ setting: ServerSetting, in range: ClosedRange<Int>, _ problem: String) throws -> Int? {
            guard let given = value(flag, setting) else { return nil }
            guard let number = Int(given.text), range.contains(number) else { throw invalid(given.source, given.text, problem, setting) }
            return number
        }

        let host = value(options.host, .host)?.text ?? defaultHost
        var port = defaultPort
        if let flag = options.port {
            port = flag
            guard (0...65_535).contains(port) else { throw invalid(ServerSetting.port.flagName, "\(port)", "is not between 0 and 65535", .port) }
        } else if let number = try integer(nil, .port, in: 0...65_535, "is not a port number between 0 and 65535") {
            port = number
        }

        var logLevel = Logger.Level.info
        if let level = value(options.logLevel, .logLevel) {
            guard let parsed = Logger.Level(rawValue: level.text.lowercased()) else {
                throw invalid(level.source, level.text, "is not a log level", .logLevel)
            }
            logLevel = parsed
        }
        var logFormat = LogFormat.text
        if let format = value(options.logFormat, .logFormat) {
            guard let parsed = LogFormat(rawValue: format.text.lowercased()) else {
                throw invalid(format.source, format.text, "is not a log format", .logFormat)
            }
            logFormat = parsed
        }

        var historyKeep = HistoryRetention.all
        if let keep = value(options.historyKeep, .historyKeep) {
            guard let parsed = HistoryRetention(keep.text) else {
                throw invalid(keep.source, keep.text, "is not what to keep of the history", .historyKeep)
            }
            historyKeep = parsed
        }

        var attachmentLimits = AttachmentLimits()
        if let size = value(options.maximumAttachmentSize, .maximumAttachmentSize) {
            guard let bytes = ByteQuantity.parse(size.text) else { throw invalid(size.source, size.text, "is not a size", .maximumAttachmentSize) }
            attachmentLimits.maximumBytes = bytes
        }
        if let quota = value(options.attachmentQuota, .attachmentQuota) {
            guard let bytes = ByteQuantity.parse(quota.text) else { throw invalid(quota.source, quota.text, "is not a size", .attachmentQuota) }
            attachmentLimits.quotaBytes = bytes
        }

        let seconds = "is not a number of seconds from 1 to 3600"
        let eventHeartbeat = try integer(options.eventHeartbeat, .eventHeartbeat, in: 1...3600, seconds).map { Duration.seconds($0) }
            ?? ServerDependencies.defaultEventHeartbeat
        let idleTimeout = try integer(options.idleTimeout, .idleTimeout, in: 1...3600, seconds).map { Duration.seconds($0) }
            ?? ServerApplication.defaultIdleTimeout
        let wrongTokenLimit = try integer(options.wrongTokenLimit, .wrongTokenLimit, in: 0...1_000_000,
                                          "is not a number from 0 (no limit) to 1000000") ?? ServerDependencies.defaultWrongTokenLimit

        let oidc = try resolveOIDC(options.oidc, environment: environment, value: value, invalid: invalid)

        let storage: Storage
        if options.preview {
            storage = .preview
        } else if let database = value(options.database, .database) {
            storage = try parseDatabase(database.text, source: database.source)
        } else {
            let directory = options.dataDirectory
                ?? value(nil, .dataDirectory)?.text
                ?? XDGBaseDirectories(environment: environment.merging(["HOME": homeDirectory]) { _, home in home })
                    .dataHome.map { $0 + "/quill-server" }
                ?? homeDirectory + "/.local/share/quill-server"
            storage = .sqlite(path: directory + "/" + databaseFileName)
        }
        return ServerConfiguration(host: host, port: port, storage: storage, logLevel: logLevel, logFormat: logFormat,
                                   trustedProxies: options.trustedProxies,
                                   temporaryDirectory: environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp",
                                   historyKeep: historyKeep, attachmentLimits: attachmentLimits, eventHeartbeat: eventHeartbeat,
                                   idleTimeout: idleTimeout, wrongTokenLimit: wrongTokenLimit, oidc: oidc, oidcIssuer: value(options.oidc.issuer, .oidcIssuer)?.text)
    }

    /// `postgres://…` / `postgresql://…` (checked here, so that a URL the store could not use is
    /// refused with the other settings), or `sqlite:PATH` for an SQLite file elsewhere.
    static func parseDatabase(_ text: String, source: String) throws -> Storage {
        let hint = "write postgres://user:password@host:port/database (?sslmode=disable, prefer or require) or sqlite:PATH"
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            if let problem = PostgresServerStore.problem(withURL: text) {
                throw ServerCommandFailure.invalidSetting("\(source): '\(redacted(text))' is not a PostgreSQL URL that can be used: \(problem)",
                                                          hint: hint)
            }
            return .postgres(url: text)
        }
        if text.hasPrefix("sqlite:"), text.count > 7 { return .sqlite(path: String(text.dropFirst(7))) }
        throw ServerCommandFailure.invalidSetting("\(source): '\(redacted(text))' is not a database", hint: hint)
    }

    /// The text without a password, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "<database URL>"
    }
}
