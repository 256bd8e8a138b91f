/// What the command line says, before environment variables and defaults fill the gaps.
public struct ServerOptions: Equatable, Sendable {
    public var host: String?
    public var port: Int?
    public var database: String?
    public var dataDirectory: String?
    public var logLevel: String?
    public var logFormat: String?
    public var preview: Bool
    /// `--trusted-proxy`: addresses whose `X-Forwarded-Proto` the web reader believes.
    public var trustedProxies: [String]
    /// `--keep` of `history prune`: what the history keeps (see `HistoryRetention`).
    public var historyKeep: String?
    /// `--max-attachment-size` and `--attachment-quota` of `serve` (`AttachmentLimits`), as written.
    public var maximumAttachmentSize: String?
    public var attachmentQuota: String?
    /// `--event-heartbeat` of `serve`: seconds between an idle event stream's keep-alives, as written.
    public var eventHeartbeat: String?
    /// `--idle-timeout` of `serve`: seconds a connection may send nothing before it is closed, as written.
    public var idleTimeout: String?
    /// `--wrong-token-limit` of `serve`: wrong secrets a client address may send a minute, as written.
    public var wrongTokenLimit: String?
    /// `--public-url` and `--oidc-*` of `serve`, and `--oidc-issuer` of `account link`, as written.
    public var oidc: OIDCOptions

    public init(host: String? = nil, port: Int? = nil, database: String? = nil, dataDirectory: String? = nil,
                logLevel: String? = nil, logFormat: String? = nil, preview: Bool = false, trustedProxies: [String] = [],
                historyKeep: String? = nil, maximumAttachmentSize: String? = nil, attachmentQuota: String? = nil,
                eventHeartbeat: String? = nil, idleTimeout: String? = nil, wrongTokenLimit: String? = nil, oidc: OIDCOptions = OIDCOptions()) {
        self.oidc = oidc
        self.eventHeartbeat = eventHeartbeat
        self.idleTimeout = idleTimeout
        self.wrongTokenLimit = wrongTokenLimit
        self.historyKeep = historyKeep
        self.maximumAttachmentSize = maximumAttachmentSize
        self.attachmentQuota = attachmentQuota
        self.trustedProxies = trustedProxies
        self.host = host
        self.port = port
        self.database = database
        self.dataDirectory = dataDirectory
        self.logLevel = logLevel
        self.logFormat = logFormat
        self.preview = preview
    }
}

/// Sign-in through an OpenID Connect provider as the command line says it, before environment
/// variables fill the gaps.
public struct OIDCOptions: Equatable, Sendable {
    /// Whether the command serves, so that the whole configuration is read and checked (the
    /// administrative commands read the issuer only).
    public var serving: Bool
    public var publicURL: String?
    public var issuer: String?
    public var clientID: String?
    public var clientSecretFile: String?
    public var scopes: String?
    public var allowEmails: [String]
    public var allowGroups: [String]
    public var groupsClaim: String?
    public var createAccounts: Bool
    public var only: Bool

    public init(serving: Bool = false, publicURL: String? = nil, issuer: String? = nil, clientID: String? = nil, clientSecretFile: String? = nil,
                scopes: String? = nil, allowEmails: [String] = [], allowGroups: [String] = [], groupsClaim: String? = nil,
                createAccounts: Bool = false, only: Bool = false) {
        self.serving = serving
        self.publicURL = publicURL
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecretFile = clientSecretFile
        self.scopes = scopes
        self.allowEmails = allowEmails
        self.allowGroups = allowGroups
        self.groupsClaim = groupsClaim
        self.createAccounts = createAccounts
        self.only = only
    }
}
