import Foundation
import QuillServerCLI
import ServerComposition
import ServerFeature
import Testing

/// `--public-url` and `--oidc-*` resolved as the other settings are: flags, then variables; what
/// cannot be used is refused before anything starts, naming the setting.
@Suite struct OIDCConfigurationTests {
    let home = "/home/ann"

    func resolve(_ oidc: OIDCOptions, _ environment: [String: String] = [:]) throws -> ServerConfiguration {
        try ServerConfiguration.resolve(ServerOptions(oidc: oidc), environment: environment, homeDirectory: home)
    }

    @Test func noProviderIsTheDefault() throws {
        #expect(try resolve(OIDCOptions(serving: true)).oidc == nil)
    }

    @Test func theVariablesConfigureAProviderAndFlagsWin() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-oidc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretFile = directory.appendingPathComponent("secret").path
        try "file-secret\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let environment = [
            "QUILL_SERVER_PUBLIC_URL": "https://notes.example/", "QUILL_SERVER_OIDC_ISSUER": "https://id.example/realms/home",
            "QUILL_SERVER_OIDC_CLIENT_ID": "quill", "QUILL_SERVER_OIDC_CLIENT_SECRET": "env-secret",
            "QUILL_SERVER_OIDC_ALLOW_EMAILS": "Ann@Example.com, bob@example.com", "QUILL_SERVER_OIDC_ALLOW_GROUPS": "family",
            "QUILL_SERVER_OIDC_CREATE_ACCOUNTS": "true", "QUILL_SERVER_OIDC_SCOPES": "openid,email,groups",
        ]
        let fromVariables = try #require(try resolve(OIDCOptions(serving: true), environment).oidc)
        #expect(fromVariables.settings.issuer == "https://id.example/realms/home")
        #expect(fromVariables.settings.redirectURI == "https://notes.example/oidc/callback")
        #expect(fromVariables.settings.allowedEmails == ["ann@example.com", "bob@example.com"])
        #expect(fromVariables.settings.allowedGroups == ["family"])
        #expect(fromVariables.settings.scopes == ["openid", "email", "groups"])
        #expect(fromVariables.settings.createAccounts && !fromVariables.settings.only)
        #expect(fromVariables.clientSecret == "env-secret")
        let fromFlags = try #require(try resolve(OIDCOptions(serving: true, clientID: "other", clientSecretFile: secretFile,
                                                              allowEmails: ["carol@example.com"], groupsClaim: "roles", only: true), environment).oidc)
        #expect(fromFlags.settings.clientID == "other" && fromFlags.settings.allowedEmails == ["carol@example.com"])
        #expect(fromFlags.settings.groupsClaim == "roles" && fromFlags.settings.only)
        #expect(fromFlags.clientSecret == "file-secret", "the file wins, without its newline")
    }

    @Test(arguments: [
        (OIDCOptions(serving: true, clientID: "quill"), "--oidc-client-id is set, but no identity provider is"),
        (OIDCOptions(serving: true, only: true), "--oidc-only is set, but no identity provider is"),
        (OIDCOptions(serving: true, publicURL: "https://n.example", issuer: "https://id.example"), "no client ID"),
        (OIDCOptions(serving: true, issuer: "https://id.example", clientID: "q"), "not the address people reach this server at"),
        (OIDCOptions(serving: true, publicURL: "https://n.example", issuer: "http://id.example", clientID: "q"), "is not an issuer URL"),
        (OIDCOptions(serving: true, publicURL: "notes.example", issuer: "https://id.example", clientID: "q"), "is not an http:// or https:// address"),
        (OIDCOptions(serving: true, publicURL: "https://n.example", issuer: "https://id.example", clientID: "q", clientSecretFile: "/nonexistent"),
         "cannot be read"),
    ])
    func whatCannotBeUsedIsRefusedNamingTheSetting(_ options: OIDCOptions, _ message: String) {
        do {
            _ = try resolve(options)
            Issue.record("accepted: \(options)")
        } catch let failure as ServerCommandFailure {
            #expect(failure.description.contains(message), "\(failure.description)")
            #expect(failure.kind == .invalidSetting)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func anHTTPIssuerIsAllowedOnThisMachineOnly() throws {
        let local = try resolve(OIDCOptions(serving: true, publicURL: "http://127.0.0.1:8080", issuer: "http://127.0.0.1:4593/api/oidc", clientID: "q"))
        #expect(local.oidc?.settings.issuer == "http://127.0.0.1:4593/api/oidc")
    }

    @Test func administrativeCommandsReadTheIssuerOnly() throws {
        let configuration = try ServerConfiguration.resolve(ServerOptions(oidc: OIDCOptions(issuer: "https://id.example")),
                                                            environment: ["QUILL_SERVER_OIDC_ONLY": "1"], homeDirectory: home)
        #expect(configuration.oidc == nil && configuration.oidcIssuer == "https://id.example")
    }
}
