import ArgumentParser

/// `quill-server serve` (and `quill-server` alone).
public struct ServeCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the sync API until SIGTERM or SIGINT.")

    @Option(name: .customLong(ServerSetting.host.flag), help: ServerSetting.host.help) var host: String?
    @Option(name: .customLong(ServerSetting.port.flag), help: ServerSetting.port.help) var port: Int?
    @OptionGroup var storage: StorageOptions
    @Option(name: .customLong(ServerSetting.logLevel.flag), help: ServerSetting.logLevel.help) var logLevel: String?
    @Option(name: .customLong(ServerSetting.logFormat.flag), help: ServerSetting.logFormat.help) var logFormat: String?
    @Flag(name: .customLong(ServerSetting.preview.flag), help: ServerSetting.preview.help) var preview = false
    @Option(name: .customLong(ServerSetting.trustedProxy.flag), help: ServerSetting.trustedProxy.help) var trustedProxies: [String] = []
    @Option(name: .customLong(ServerSetting.maximumAttachmentSize.flag), help: ServerSetting.maximumAttachmentSize.help)
    var maximumAttachmentSize: String?
    @Option(name: .customLong(ServerSetting.attachmentQuota.flag), help: ServerSetting.attachmentQuota.help) var attachmentQuota: String?
    @Option(name: .customLong(ServerSetting.eventHeartbeat.flag), help: ServerSetting.eventHeartbeat.help) var eventHeartbeat: String?
    @Option(name: .customLong(ServerSetting.idleTimeout.flag), help: ServerSetting.idleTimeout.help) var idleTimeout: String?
    @Option(name: .customLong(ServerSetting.wrongTokenLimit.flag), help: ServerSetting.wrongTokenLimit.help) var wrongTokenLimit: String?
    @Option(name: .customLong(ServerSetting.publicURL.flag), help: ServerSetting.publicURL.help) var publicURL: String?
    @Option(name: .customLong(ServerSetting.oidcIssuer.flag), help: ServerSetting.oidcIssuer.help) var oidcIssuer: String?
    @Option(name: .customLong(ServerSetting.oidcClientID.flag), help: ServerSetting.oidcClientID.help) var oidcClientID: String?
    @Option(name: .customLong(ServerSetting.oidcClientSecretFile.flag), help: ServerSetting.oidcClientSecretFile.help) var oidcClientSecretFile: String?
    @Option(name: .customLong(ServerSetting.oidcScopes.flag), help: ServerSetting.oidcScopes.help) var oidcScopes: String?
    @Option(name: .customLong(ServerSetting.oidcAllowEmail.flag), help: ServerSetting.oidcAllowEmail.help) var oidcAllowEmails: [String] = []
    @Option(name: .customLong(ServerSetting.oidcAllowGroup.flag), help: ServerSetting.oidcAllowGroup.help) var oidcAllowGroups: [String] = []
    @Option(name: .customLong(ServerSetting.oidcGroupsClaim.flag), help: ServerSetting.oidcGroupsClaim.help) var oidcGroupsClaim: String?
    @Flag(name: .customLong(ServerSetting.oidcCreateAccounts.flag), help: ServerSetting.oidcCreateAccounts.help) var oidcCreateAccounts = false
    @Flag(name: .customLong(ServerSetting.oidcOnly.flag), help: ServerSetting.oidcOnly.help) var oidcOnly = false

    public init() {}

    public var options: ServerOptions {
        ServerOptions(host: host, port: port, database: storage.database, dataDirectory: storage.dataDirectory,
                      logLevel: logLevel, logFormat: logFormat, preview: preview, trustedProxies: trustedProxies,
                      maximumAttachmentSize: maximumAttachmentSize, attachmentQuota: attachmentQuota, eventHeartbeat: eventHeartbeat,
                      idleTimeout: idleTimeout, wrongTokenLimit: wrongTokenLimit,
                      oidc: OIDCOptions(serving: true, publicURL: publicURL, issuer: oidcIssuer, clientID: oidcClientID,
                                        clientSecretFile: oidcClientSecretFile, scopes: oidcScopes, allowEmails: oidcAllowEmails,
                                        allowGroups: oidcAllowGroups, groupsClaim: oidcGroupsClaim, createAccounts: oidcCreateAccounts, only: oidcOnly))
    }

    public func run(in environment: ServerCLIEnvironment) async throws {
        try await environment.server.serve()
    }
}
