import ArgumentParser

/// `quill-server serve` (and `quill-server` alone).
public struct ServeCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the sync API until SIGTERM or SIGINT.")

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
    @Option(name: .customLong("max-attachment-size"),
            help: "The largest attachment accepted, e.g. 100M or 2G (default 100M; also QUILL_SERVER_MAX_ATTACHMENT_SIZE).")
    var maximumAttachmentSize: String?
    @Option(name: .customLong("attachment-quota"),
            help: "What one account's attachments may take together, e.g. 10G (default none; also QUILL_SERVER_ATTACHMENT_QUOTA).")
    var attachmentQuota: String?

    public init() {}

    public var options: ServerOptions {
        ServerOptions(host: host, port: port, database: storage.database, dataDirectory: storage.dataDirectory,
                      logLevel: logLevel, logFormat: logFormat, preview: preview, trustedProxies: trustedProxies,
                      maximumAttachmentSize: maximumAttachmentSize, attachmentQuota: attachmentQuota)
    }

    public func run(in environment: ServerCLIEnvironment) async throws {
        try await environment.server(options).serve()
    }
}
