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
    /// `--wrong-token-limit` of `serve`: wrong secrets a client address may send a minute, as written.
    public var wrongTokenLimit: String?

    public init(host: String? = nil, port: Int? = nil, database: String? = nil, dataDirectory: String? = nil,
                logLevel: String? = nil, logFormat: String? = nil, preview: Bool = false, trustedProxies: [String] = [],
                historyKeep: String? = nil, maximumAttachmentSize: String? = nil, attachmentQuota: String? = nil,
                eventHeartbeat: String? = nil, wrongTokenLimit: String? = nil) {
        self.eventHeartbeat = eventHeartbeat
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
