import Foundation
import QuillServerCLI
import ServerFeature

/// Sign-in through an OpenID Connect provider, resolved from `--public-url` and `--oidc-*`: the
/// feature's settings, and the client secret only the adapter sees.
public struct OIDCConfiguration: Equatable, Sendable {
    public var settings: OIDCSettings
    public var clientSecret: String?

    public init(settings: OIDCSettings, clientSecret: String?) {
        self.settings = settings
        self.clientSecret = clientSecret
    }
}

extension ServerConfiguration {
    typealias SettingValue = (String?, ServerSetting) -> (text: String, source: String)?
    typealias InvalidSetting = (String, String, String, ServerSetting) -> ServerCommandFailure

    /// The provider's configuration when `serve` names one; `nil` when none is named. A setting
    /// of sign-in given without an issuer, a missing client ID or public URL, an issuer or URL
    /// that is not one, and an unreadable secret file are refused here, before anything starts.
    static func resolveOIDC(_ options: OIDCOptions, environment: [String: String], value: SettingValue,
                            invalid: InvalidSetting) throws -> OIDCConfiguration? {
        guard options.serving else { return nil }
        func flag(_ set: Bool, _ setting: ServerSetting) -> Bool {
            set || setting.variable.flatMap { environment[$0] }.map { ["1", "true", "yes", "on"].contains($0.lowercased()) } == true
        }
        func list(_ flags: [String], _ setting: ServerSetting) -> [String] {
            let written = flags.isEmpty ? (setting.variable.flatMap { environment[$0] }.map { [$0] } ?? []) : flags
            return written.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let createAccounts = flag(options.createAccounts, .oidcCreateAccounts), only = flag(options.only, .oidcOnly)
        let emails = list(options.allowEmails, .oidcAllowEmail), groups = list(options.allowGroups, .oidcAllowGroup)
        guard let issuer = value(options.issuer, .oidcIssuer) else {
            let given: [(Bool, ServerSetting)] = [
                (value(options.clientID, .oidcClientID) != nil, .oidcClientID),
                (value(options.clientSecretFile, .oidcClientSecretFile) != nil, .oidcClientSecretFile),
                (value(options.scopes, .oidcScopes) != nil, .oidcScopes), (value(options.groupsClaim, .oidcGroupsClaim) != nil, .oidcGroupsClaim),
                (!emails.isEmpty, .oidcAllowEmail), (!groups.isEmpty, .oidcAllowGroup), (createAccounts, .oidcCreateAccounts), (only, .oidcOnly),
            ]
            if let first = given.first(where: \.0)?.1 {
                throw ServerCommandFailure.invalidSetting("\(first.flagName) is set, but no identity provider is",
                                                          hint: "name the provider with \(ServerSetting.oidcIssuer.flagName) or $\(ServerSetting.oidcIssuer.variable ?? "")")
            }
            return nil
        }
        guard let issuerURL = URL(string: issuer.text), let host = issuerURL.host, !host.isEmpty,
              issuerURL.scheme == "https" || (issuerURL.scheme == "http" && ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)),
              issuerURL.query == nil, issuerURL.fragment == nil else {
            throw invalid(issuer.source, issuer.text, "is not an issuer URL (https://, or http:// on this machine only)", .oidcIssuer)
        }
        guard let clientID = value(options.clientID, .oidcClientID)?.text else {
            throw ServerCommandFailure.invalidSetting("an identity provider is set, but no client ID",
                                                      hint: "set \(ServerSetting.oidcClientID.flagName) or $\(ServerSetting.oidcClientID.variable ?? "")")
        }
        guard let publicURL = value(options.publicURL, .publicURL) else {
            throw ServerCommandFailure.invalidSetting("an identity provider is set, but not the address people reach this server at",
                                                      hint: "set \(ServerSetting.publicURL.flagName) or $\(ServerSetting.publicURL.variable ?? ""), "
                                                          + "e.g. https://notes.example.com: the provider sends people back to <url>/oidc/callback")
        }
        guard let url = URL(string: publicURL.text), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil else {
            throw invalid(publicURL.source, publicURL.text, "is not an http:// or https:// address", .publicURL)
        }
        var secret = environment["QUILL_SERVER_OIDC_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        if let file = value(options.clientSecretFile, .oidcClientSecretFile) {
            guard let text = try? String(contentsOfFile: file.text, encoding: .utf8) else {
                throw invalid(file.source, file.text, "cannot be read", .oidcClientSecretFile)
            }
            secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let scopes = value(options.scopes, .oidcScopes).map {
            $0.text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        } ?? OIDCSettings.defaultScopes
        return OIDCConfiguration(
            settings: OIDCSettings(issuer: issuer.text, clientID: clientID, publicURL: publicURL.text, scopes: scopes,
                                   allowedEmails: Set(emails), allowedGroups: Set(groups),
                                   groupsClaim: value(options.groupsClaim, .oidcGroupsClaim)?.text ?? OIDCSettings.defaultGroupsClaim,
                                   createAccounts: createAccounts, only: only),
            clientSecret: secret)
    }
}
