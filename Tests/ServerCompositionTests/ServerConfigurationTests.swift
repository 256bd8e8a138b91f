import Logging
import QuillModels
import QuillServerCLI
import ServerComposition
import ServerFeature
import Testing

@Suite struct ServerConfigurationTests {
    let home = "/home/ann"

    @Test func defaultsKeepSQLiteInTheUsersDataDirectory() throws {
        let configuration = try ServerConfiguration.resolve(ServerOptions(), environment: [:], homeDirectory: home)
        #expect(configuration == ServerConfiguration(
            host: "127.0.0.1", port: 8080, storage: .sqlite(path: "/home/ann/.local/share/quill-server/quill-server.sqlite"),
            logLevel: .info))
    }

    @Test func dataDirectoryPrecedence() throws {
        let xdg = try ServerConfiguration.resolve(ServerOptions(), environment: ["XDG_DATA_HOME": "/xdg"], homeDirectory: home)
        #expect(xdg.storage == .sqlite(path: "/xdg/quill-server/quill-server.sqlite"))
        // The XDG specification: a relative XDG_DATA_HOME is invalid and ignored.
        let relative = try ServerConfiguration.resolve(ServerOptions(), environment: ["XDG_DATA_HOME": "xdg"], homeDirectory: home)
        #expect(relative.storage == .sqlite(path: "/home/ann/.local/share/quill-server/quill-server.sqlite"))
        let variable = try ServerConfiguration.resolve(
            ServerOptions(), environment: ["XDG_DATA_HOME": "/xdg", "QUILL_SERVER_DATA": "/srv/quill"], homeDirectory: home)
        #expect(variable.storage == .sqlite(path: "/srv/quill/quill-server.sqlite"))
        let flag = try ServerConfiguration.resolve(
            ServerOptions(dataDirectory: "/flag"), environment: ["QUILL_SERVER_DATA": "/srv/quill"], homeDirectory: home)
        #expect(flag.storage == .sqlite(path: "/flag/quill-server.sqlite"))
    }

    @Test func flagsBeatEnvironmentVariablesWhichBeatDefaults() throws {
        let environment = [
            "QUILL_SERVER_HOST": "0.0.0.0", "QUILL_SERVER_PORT": "9000",
            "QUILL_SERVER_DATABASE": "postgres://env@db/quill", "QUILL_SERVER_LOG_LEVEL": "debug",
        ]
        let fromEnvironment = try ServerConfiguration.resolve(ServerOptions(), environment: environment, homeDirectory: home)
        #expect(fromEnvironment == ServerConfiguration(host: "0.0.0.0", port: 9000, storage: .postgres(url: "postgres://env@db/quill"), logLevel: .debug))
        let fromFlags = try ServerConfiguration.resolve(
            ServerOptions(host: "::1", port: 0, database: "sqlite:/tmp/x.sqlite", logLevel: "ERROR"), environment: environment, homeDirectory: home)
        #expect(fromFlags == ServerConfiguration(host: "::1", port: 0, storage: .sqlite(path: "/tmp/x.sqlite"), logLevel: .error))
    }

    @Test func logFormatIsTextByDefaultJSONOnRequestAndAnythingElseIsRefused() throws {
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: [:], homeDirectory: home).logFormat == .text)
        let fromEnvironment = try ServerConfiguration.resolve(ServerOptions(), environment: ["QUILL_SERVER_LOG_FORMAT": "JSON"], homeDirectory: home)
        #expect(fromEnvironment.logFormat == .json)
        let fromFlag = try ServerConfiguration.resolve(
            ServerOptions(logFormat: "text"), environment: ["QUILL_SERVER_LOG_FORMAT": "json"], homeDirectory: home)
        #expect(fromFlag.logFormat == .text)
        let refusal = #expect(throws: ServerCommandFailure.self) {
            try ServerConfiguration.resolve(ServerOptions(logFormat: "xml"), environment: [:], homeDirectory: home)
        }
        #expect(refusal?.description == "--log-format: 'xml' is not a log format")
        #expect(refusal?.hint.contains("text (one line for a person) or json") == true)
    }

    @Test func historyKeepIsAllByDefaultThenTheEnvironmentThenTheFlag() throws {
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: [:], homeDirectory: home).historyKeep == .all)
        let variable = ["QUILL_SERVER_HISTORY_KEEP": "90d"]
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: variable, homeDirectory: home).historyKeep == .span(seconds: 90 * 86_400))
        #expect(try ServerConfiguration.resolve(ServerOptions(historyKeep: "100"), environment: variable, homeDirectory: home).historyKeep == .revisions(100))
        let refusal = #expect(throws: ServerCommandFailure.self) {
            try ServerConfiguration.resolve(ServerOptions(), environment: ["QUILL_SERVER_HISTORY_KEEP": "forever"], homeDirectory: home)
        }
        #expect(refusal?.description.hasPrefix("$QUILL_SERVER_HISTORY_KEEP: 'forever' is not what to keep") == true)
    }

    @Test func attachmentLimitsAre100MiBAndNoQuotaByDefaultThenTheEnvironmentThenTheFlags() throws {
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: [:], homeDirectory: home).attachmentLimits
                == AttachmentLimits(maximumBytes: 100 << 20, quotaBytes: nil))
        let variables = ["QUILL_SERVER_MAX_ATTACHMENT_SIZE": "2G", "QUILL_SERVER_ATTACHMENT_QUOTA": "10G"]
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: variables, homeDirectory: home).attachmentLimits
                == AttachmentLimits(maximumBytes: 2 << 30, quotaBytes: 10 << 30))
        #expect(try ServerConfiguration.resolve(ServerOptions(maximumAttachmentSize: "512M"), environment: variables, homeDirectory: home)
            .attachmentLimits.maximumBytes == 512 << 20)
        let refusal = #expect(throws: ServerCommandFailure.self) {
            try ServerConfiguration.resolve(ServerOptions(attachmentQuota: "lots"), environment: [:], homeDirectory: home)
        }
        #expect(refusal?.description == "--attachment-quota: 'lots' is not a size")
    }

    @Test func previewWinsOverAnyDatabase() throws {
        let configuration = try ServerConfiguration.resolve(
            ServerOptions(preview: true), environment: ["QUILL_SERVER_DATABASE": "postgres://x@y/z"], homeDirectory: home)
        #expect(configuration.storage == .preview)
    }

    @Test(arguments: [
        (ServerOptions(port: 70_000), [String: String](), "70000"),
        (ServerOptions(), ["QUILL_SERVER_PORT": "http"], "QUILL_SERVER_PORT"),
        (ServerOptions(), ["QUILL_SERVER_PORT": "65536"], "between 0 and 65535"),
        (ServerOptions(eventHeartbeat: "0"), [:], "--event-heartbeat: '0' is not a number of seconds from 1 to 3600"),
        (ServerOptions(), ["QUILL_SERVER_EVENT_HEARTBEAT": "soon"], "$QUILL_SERVER_EVENT_HEARTBEAT: 'soon'"),
        (ServerOptions(), ["QUILL_SERVER_IDLE_TIMEOUT": "3601"], "$QUILL_SERVER_IDLE_TIMEOUT: '3601'"),
        (ServerOptions(logLevel: "loud"), [:], "loud"),
        (ServerOptions(database: "mysql://root:hunter2@db/x"), [:], "mysql"),
        (ServerOptions(database: "postgres://host/db"), [:], "no user name"),
        (ServerOptions(), ["QUILL_SERVER_DATABASE": "postgres://u:hunter2@h/db?sslmode=always"], "sslmode 'always'"),
    ])
    func badSettingsAreNamed(_ options: ServerOptions, _ environment: [String: String], _ mentions: String) {
        #expect {
            try ServerConfiguration.resolve(options, environment: environment, homeDirectory: home)
        } throws: { error in
            "\(error)".contains(mentions) && !"\(error)".contains("hunter2")
        }
    }

    @Test func trustedProxiesComeFromTheFlags() throws {
        let configuration = try ServerConfiguration.resolve(ServerOptions(trustedProxies: ["127.0.0.1", "::1"]), environment: [:], homeDirectory: home)
        #expect(configuration.trustedProxies == ["127.0.0.1", "::1"])
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: [:], homeDirectory: home).trustedProxies.isEmpty)
    }

    /// The defaults `--help` and docs/server.md give (`ServerSetting`) are the ones resolved.
    @Test func theDocumentedDefaultsAreTheResolvedOnes() throws {
        let resolved = try ServerConfiguration.resolve(ServerOptions(), environment: [:], homeDirectory: home)
        #expect(ServerSetting.host.defaultValue == resolved.host)
        #expect(ServerSetting.port.defaultValue == "\(resolved.port)")
        #expect(ServerSetting.logLevel.defaultValue == resolved.logLevel.rawValue)
        #expect(ServerSetting.logFormat.defaultValue == resolved.logFormat.rawValue)
        #expect(ByteQuantity.parse(ServerSetting.maximumAttachmentSize.defaultValue) == resolved.attachmentLimits.maximumBytes)
        #expect(ServerSetting.attachmentQuota.defaultValue == "none" && resolved.attachmentLimits.quotaBytes == nil)
        #expect(HistoryRetention(ServerSetting.historyKeep.defaultValue) == resolved.historyKeep)
        #expect(ServerSetting.trustedProxy.defaultValue == "none" && resolved.trustedProxies.isEmpty)
        #expect(ServerSetting.wrongTokenLimit.defaultValue == "\(resolved.wrongTokenLimit)")
        #expect(ServerSetting.eventHeartbeat.defaultValue == "\(resolved.eventHeartbeat.components.seconds)")
        #expect(ServerSetting.idleTimeout.defaultValue == "\(resolved.idleTimeout.components.seconds)")
    }

    @Test func theIdleTimeoutComesFromTheFlagOrTheVariableAndIsSecondsUpToAnHour() throws {
        let flagged = try ServerConfiguration.resolve(ServerOptions(idleTimeout: "5"), environment: ["QUILL_SERVER_IDLE_TIMEOUT": "7"],
                                                      homeDirectory: home)
        #expect(flagged.idleTimeout == .seconds(5))
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: ["QUILL_SERVER_IDLE_TIMEOUT": "7"], homeDirectory: home).idleTimeout
            == .seconds(7))
        for bad in ["0", "3601", "1.5", "soon"] {
            #expect {
                try ServerConfiguration.resolve(ServerOptions(idleTimeout: bad), environment: [:], homeDirectory: home)
            } throws: { error in
                "\(error)" == "--idle-timeout: '\(bad)' is not a number of seconds from 1 to 3600"
            }
        }
    }

    @Test func theWrongTokenLimitComesFromTheFlagOrTheVariableAndMustBeACount() throws {
        let flagged = try ServerConfiguration.resolve(ServerOptions(wrongTokenLimit: "0"), environment: ["QUILL_SERVER_WRONG_TOKEN_LIMIT": "7"],
                                                      homeDirectory: home)
        #expect(flagged.wrongTokenLimit == 0)
        #expect(try ServerConfiguration.resolve(ServerOptions(), environment: ["QUILL_SERVER_WRONG_TOKEN_LIMIT": "7"], homeDirectory: home)
            .wrongTokenLimit == 7)
        for bad in ["-1", "many", "1000001"] {
            #expect(throws: ServerCommandFailure.self) {
                try ServerConfiguration.resolve(ServerOptions(wrongTokenLimit: bad), environment: [:], homeDirectory: home)
            }
        }
    }
}
