import Foundation
import LocalFileSystem
import Logging
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

    public static let defaultHost = "127.0.0.1"
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

    public init(host: String, port: Int, storage: Storage, logLevel: Logger.Level, logFormat: LogFormat = .text,
                trustedProxies: [String] = [], temporaryDirectory: String = "/tmp", historyKeep: HistoryRetention = .all,
                attachmentLimits: AttachmentLimits = AttachmentLimits()) {
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
    /// setting that cannot be used is a `ServerCommandFailure.invalidSetting` naming its source.
    public static func resolve(_ options: ServerOptions, environment: [String: String], homeDirectory: String) throws -> ServerConfiguration {
        func value(_ flag: String?, _ variable: String) -> (text: String, source: String)? {
            if let flag { return (flag, "flag") }
            if let text = environment[variable], !text.isEmpty { return (text, "$\(variable)") }
            return nil
        }

        let host = value(options.host, "QUILL_SERVER_HOST")?.text ?? defaultHost
        var port = defaultPort
        if let flag = options.port {
            port = flag
        } else if let text = environment["QUILL_SERVER_PORT"], !text.isEmpty {
            guard let number = Int(text) else { throw ServerCommandFailure.invalidSetting("$QUILL_SERVER_PORT: '\(text)' is not a port number") }
            port = number
        }
        guard (0...65_535).contains(port) else { throw ServerCommandFailure.invalidSetting("port \(port) is not between 0 and 65535") }

        var logLevel = Logger.Level.info
        if let level = value(options.logLevel, "QUILL_SERVER_LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level.text.lowercased()) else {
                let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServerCommandFailure.invalidSetting("\(level.source): log level '\(level.text)' is not one of \(names)")
            }
            logLevel = parsed
        }
        var logFormat = LogFormat.text
        if let format = value(options.logFormat, "QUILL_SERVER_LOG_FORMAT") {
            guard let parsed = LogFormat(rawValue: format.text.lowercased()) else {
                throw ServerCommandFailure.invalidSetting("\(format.source): log format '\(format.text)' is not text or json")
            }
            logFormat = parsed
        }

        var historyKeep = HistoryRetention.all
        if let keep = value(options.historyKeep, "QUILL_SERVER_HISTORY_KEEP") {
            guard let parsed = HistoryRetention(keep.text) else {
                throw ServerCommandFailure.invalidSetting(
                    "\(keep.source): '\(keep.text)' is not what to keep of the history: expected all, a number of revisions (100) or a span (90d, 26w, 1y)")
            }
            historyKeep = parsed
        }

        var attachmentLimits = AttachmentLimits()
        if let size = value(options.maximumAttachmentSize, "QUILL_SERVER_MAX_ATTACHMENT_SIZE") {
            guard let bytes = ByteQuantity.parse(size.text) else {
                throw ServerCommandFailure.invalidSetting("\(size.source): '\(size.text)' is not a size (e.g. 100M or 2G)")
            }
            attachmentLimits.maximumBytes = bytes
        }
        if let quota = value(options.attachmentQuota, "QUILL_SERVER_ATTACHMENT_QUOTA") {
            guard let bytes = ByteQuantity.parse(quota.text) else {
                throw ServerCommandFailure.invalidSetting("\(quota.source): '\(quota.text)' is not a size (e.g. 10G)")
            }
            attachmentLimits.quotaBytes = bytes
        }

        let storage: Storage
        if options.preview {
            storage = .preview
        } else if let database = value(options.database, "QUILL_SERVER_DATABASE") {
            storage = try parseDatabase(database.text, source: database.source)
        } else {
            let directory = options.dataDirectory
                ?? environment["QUILL_SERVER_DATA"].flatMap { $0.isEmpty ? nil : $0 }
                ?? XDGBaseDirectories(environment: environment.merging(["HOME": homeDirectory]) { _, home in home })
                    .dataHome.map { $0 + "/quill-server" }
                ?? homeDirectory + "/.local/share/quill-server"
            storage = .sqlite(path: directory + "/" + databaseFileName)
        }
        return ServerConfiguration(host: host, port: port, storage: storage, logLevel: logLevel, logFormat: logFormat,
                                   trustedProxies: options.trustedProxies,
                                   temporaryDirectory: environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp",
                                   historyKeep: historyKeep, attachmentLimits: attachmentLimits)
    }

    /// `postgres://…` / `postgresql://…`, or `sqlite:PATH` for an SQLite file elsewhere.
    static func parseDatabase(_ text: String, source: String) throws -> Storage {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") { return .postgres(url: text) }
        if text.hasPrefix("sqlite:"), text.count > 7 { return .sqlite(path: String(text.dropFirst(7))) }
        throw ServerCommandFailure.invalidSetting("\(source): '\(redacted(text))' is not a database; use postgres://user:password@host:port/db or sqlite:PATH")
    }

    /// The text without a password, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "<database URL>"
    }
}
