import ArgumentParser

/// One setting of `quill-server`: its flag, its environment variable, its default and what it
/// does, written once. The commands' `--help`, the root's list of variables, the messages that
/// refuse a value (which name the flag or the variable it came from) and the table of settings
/// in docs/server.md (`ServerSetting.markdownTable`, held to the page by a test) all read it, so
/// none of them can name a setting the others do not.
public struct ServerSetting: Sendable, Equatable {
    /// The long flag without its dashes (`port`), and the words `--help` shows after it.
    public let flag: String
    public let valueName: String?
    /// `QUILL_SERVER_…`, or `nil` for a setting that is a flag only.
    public let variable: String?
    /// The default, as a person would write the value (or what happens without one).
    public let defaultValue: String
    /// What it does, one sentence.
    public let summary: String
    /// The subcommand whose flag it is, when not `serve` and the commands that open the store.
    public let command: String?

    init(_ flag: String, value valueName: String? = nil, variable: String?, default defaultValue: String, _ summary: String,
         command: String? = nil) {
        self.flag = flag
        self.valueName = valueName
        self.variable = variable
        self.defaultValue = defaultValue
        self.summary = summary
        self.command = command
    }

    /// `--port`.
    public var flagName: String { "--" + flag }

    /// Where a value came from, as messages name it: `--port` or `$QUILL_SERVER_PORT`.
    public func source(fromFlag: Bool) -> String {
        if !fromFlag, let variable { return "$" + variable }
        return flagName
    }

    /// What `--help` says of it: the summary, the default and the variable.
    public var help: ArgumentHelp {
        let also = variable.map { "; also $\($0)" } ?? ""
        return ArgumentHelp("\(summary) (default: \(defaultValue)\(also)).", valueName: valueName)
    }
}

extension ServerSetting {
    public static let host = ServerSetting("host", value: "address", variable: "QUILL_SERVER_HOST", default: "127.0.0.1",
                                           "The address to listen on")
    public static let port = ServerSetting("port", value: "port", variable: "QUILL_SERVER_PORT", default: "8080",
                                           "The port to listen on; 0 picks a free one")
    public static let database = ServerSetting(
        "database", value: "url", variable: "QUILL_SERVER_DATABASE", default: "SQLite in the data directory",
        "postgres://user:password@host:port/database (?sslmode=disable, prefer or require), or sqlite:PATH")
    public static let dataDirectory = ServerSetting(
        "data-dir", value: "directory", variable: "QUILL_SERVER_DATA",
        default: "$XDG_DATA_HOME/quill-server, else ~/.local/share/quill-server", "The directory of the SQLite file")
    public static let logLevel = ServerSetting("log-level", value: "level", variable: "QUILL_SERVER_LOG_LEVEL", default: "info",
                                               "trace, debug, info, notice, warning, error or critical")
    public static let logFormat = ServerSetting(
        "log-format", value: "format", variable: "QUILL_SERVER_LOG_FORMAT", default: "text",
        "text (one line for a person) or json (one object per line, for log collectors)")
    public static let preview = ServerSetting("preview", variable: nil, default: "off",
                                              "Serve sample notes from memory, with a printed demo token; nothing is saved")
    public static let trustedProxy = ServerSetting(
        "trusted-proxy", value: "address", variable: nil, default: "none",
        "The address of a TLS proxy whose X-Forwarded-Proto: https makes the web reader's session cookie Secure (repeatable)")
    public static let maximumAttachmentSize = ServerSetting(
        "max-attachment-size", value: "size", variable: "QUILL_SERVER_MAX_ATTACHMENT_SIZE", default: "100M",
        "The largest attachment accepted (K, M, G, T: powers of 1024)")
    public static let attachmentQuota = ServerSetting(
        "attachment-quota", value: "size", variable: "QUILL_SERVER_ATTACHMENT_QUOTA", default: "none",
        "What one account's attachments may take together, e.g. 10G")
    public static let eventHeartbeat = ServerSetting(
        "event-heartbeat", value: "seconds", variable: "QUILL_SERVER_EVENT_HEARTBEAT", default: "15",
        "How often an idle event stream (GET /v1/events) sends a keep-alive and checks its token still holds, 1 to 3600")
    public static let idleTimeout = ServerSetting(
        "idle-timeout", value: "seconds", variable: "QUILL_SERVER_IDLE_TIMEOUT", default: "60",
        "How long a connection may send nothing (a request left half-sent, an open connection between requests) or take none of "
            + "a response being sent, before it is closed; a client reading an event stream is never idle, 1 to 3600")
    public static let wrongTokenLimit = ServerSetting(
        "wrong-token-limit", value: "count", variable: "QUILL_SERVER_WRONG_TOKEN_LIMIT", default: "20",
        "Wrong tokens, sign-ins and device codes one client address may send a minute before it waits (429); 0: no limit")
    public static let publicURL = ServerSetting(
        "public-url", value: "url", variable: "QUILL_SERVER_PUBLIC_URL", default: "none",
        "The address people reach the server at (behind a proxy too); the identity provider sends them back to <url>/oidc/callback")
    public static let oidcIssuer = ServerSetting(
        "oidc-issuer", value: "url", variable: "QUILL_SERVER_OIDC_ISSUER", default: "none",
        "The OpenID Connect provider to sign into the web reader with, as its discovery document names it")
    public static let oidcClientID = ServerSetting(
        "oidc-client-id", value: "id", variable: "QUILL_SERVER_OIDC_CLIENT_ID", default: "none", "This server's client ID at the provider")
    public static let oidcClientSecretFile = ServerSetting(
        "oidc-client-secret-file", value: "path", variable: "QUILL_SERVER_OIDC_CLIENT_SECRET_FILE", default: "none",
        "A file holding the client secret (or the secret itself in $QUILL_SERVER_OIDC_CLIENT_SECRET); none: a public client, PKCE only")
    public static let oidcScopes = ServerSetting(
        "oidc-scopes", value: "scopes", variable: "QUILL_SERVER_OIDC_SCOPES", default: "openid email profile",
        "The scopes asked for, separated by spaces or commas (openid is always asked for)")
    public static let oidcAllowEmail = ServerSetting(
        "oidc-allow-email", value: "address", variable: "QUILL_SERVER_OIDC_ALLOW_EMAILS", default: "none",
        "An e-mail address let in when the provider says it is verified (repeatable; the variable takes a comma-separated list)")
    public static let oidcAllowGroup = ServerSetting(
        "oidc-allow-group", value: "group", variable: "QUILL_SERVER_OIDC_ALLOW_GROUPS", default: "none",
        "A group whose members are let in (repeatable; the variable takes a comma-separated list)")
    public static let oidcGroupsClaim = ServerSetting(
        "oidc-groups-claim", value: "claim", variable: "QUILL_SERVER_OIDC_GROUPS_CLAIM", default: "groups", "The claim that lists a person's groups")
    public static let oidcCreateAccounts = ServerSetting(
        "oidc-create-accounts", variable: "QUILL_SERVER_OIDC_CREATE_ACCOUNTS", default: "off",
        "Make an account for a person let in by address or group at their first sign-in (the variable takes 1 or true)")
    public static let oidcOnly = ServerSetting(
        "oidc-only", variable: "QUILL_SERVER_OIDC_ONLY", default: "off",
        "Hide the token form: the sign-in page goes straight to the provider (the variable takes 1 or true)")
    public static let historyKeep = ServerSetting(
        "keep", value: "retention", variable: "QUILL_SERVER_HISTORY_KEEP", default: "all",
        "What each note's history keeps: all, a number of revisions (100) or a span (90d, 26w, 1y)", command: "history prune")

    /// Every setting, in the order `--help` and docs/server.md list them.
    public static let all: [ServerSetting] = [
        host, port, database, dataDirectory, logLevel, logFormat, preview, trustedProxy, maximumAttachmentSize, attachmentQuota, eventHeartbeat, idleTimeout,
        wrongTokenLimit, publicURL, oidcIssuer, oidcClientID, oidcClientSecretFile, oidcScopes, oidcAllowEmail, oidcAllowGroup, oidcGroupsClaim, oidcCreateAccounts,
        oidcOnly, historyKeep,
    ]

    /// The environment variables, in order, for the root command's help.
    static var variables: String { all.compactMap(\.variable).joined(separator: ", ") }

    /// A variable read beside the settings': the OpenID client's secret itself, when no file
    /// names it.
    static let otherVariables = ["QUILL_SERVER_OIDC_CLIENT_SECRET"]

    /// The warnings for `QUILL_SERVER_…` variables that are no setting but look like one
    /// (`QUILL_SERVER_DATA_DIR` for `QUILL_SERVER_DATA`, `QUILL_SERVER_LOGLEVEL`): such a variable
    /// is ignored, and was ignored without a word. One that resembles no setting (a tool's own,
    /// as `QUILL_SERVER_BINARY`) is left alone.
    public static func misspelledVariables(in environment: [String: String]) -> [String] {
        let known = all.compactMap(\.variable) + otherVariables
        func squeezed(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "") }
        return environment.keys.filter { $0.hasPrefix("QUILL_SERVER_") && !known.contains($0) }.sorted().compactMap { given in
            let meant = known.filter { squeezed(given).hasPrefix(squeezed($0)) || squeezed($0).hasPrefix(squeezed(given)) }
            guard !meant.isEmpty else { return nil }
            return "$\(given) is not a setting of quill-server and is ignored; did you mean " + meant.map { "$" + $0 }.joined(separator: " or ") + "?"
        }
    }

    /// The table of docs/server.md's "Configuration": flag, variable, default, what it does.
    public static var markdownTable: String {
        var lines = ["| flag | environment variable | default | what it sets |", "|---|---|---|---|"]
        for setting in all {
            let flag = (setting.command.map { "\($0) " } ?? "") + setting.flagName + (setting.valueName.map { " " + $0.uppercased() } ?? "")
            lines.append("| `\(flag)` | \(setting.variable.map { "`\($0)`" } ?? "") | \(setting.defaultValue) | \(setting.summary) |")
        }
        return lines.joined(separator: "\n")
    }
}
