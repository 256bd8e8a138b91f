import Foundation
import QuillAPI
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// An account's web sessions and tokens as one list, the latest used first, and revoking one of
/// either (`GET /v1/devices`, `DELETE /v1/devices/{id}`, the Devices page, `quill status`).
///
/// A session's ID is `s` and its 16 digits, so the two kinds never share one; a session whose
/// token is gone is not listed (it ends at its next request).
public struct DeviceListing: Sendable {
    let dependencies: ServerDependencies

    public init(dependencies: ServerDependencies) {
        self.dependencies = dependencies
    }

    /// The account's sessions and tokens; `current` marks the one asking (a session's public ID or a token ID).
    public func devices(of account: Account, currentSession: String? = nil, currentToken: TokenID? = nil) async throws -> [DeviceBody] {
        let now = dependencies.clock.now()
        let tokens = try await dependencies.accounts.tokens(ofAccountNamed: account.name)
        let scopes = Dictionary(tokens.map { ($0.id, $0.scope) }, uniquingKeysWith: { first, _ in first })
        let sessions = try await dependencies.sessions.sessions(account: account.id, at: now).compactMap { session -> DeviceBody? in
            guard let scope = WebSessionAccess.scope(of: session, tokenScopes: scopes) else { return nil }
            return DeviceBody(id: "s" + session.id, kind: "session", label: session.device, scope: scope.rawValue,
                              created: Timestamp(session.created), lastUsed: session.lastUsed.map(Timestamp.init), address: session.address,
                              expires: Timestamp(session.expires), current: session.id == currentSession)
        }
        let tokenBodies = tokens.map { token in
            DeviceBody(id: token.id.rawValue, kind: "token", label: token.label, scope: token.scope.rawValue,
                       created: token.created.map(Timestamp.init), lastUsed: token.lastUsed.map(Timestamp.init), address: token.lastAddress,
                       expires: token.expires.map(Timestamp.init), current: token.id == currentToken)
        }
        return (sessions + tokenBodies).sorted { ($0.lastUsed?.date ?? .distantPast) > ($1.lastUsed?.date ?? .distantPast) }
    }

    /// Revokes the account's session or token with this ID: a token stops working at once on every
    /// server the revocation reaches (`TokenRevocationSignaling`); its sessions end with it. `false`
    /// if the account has none with that ID.
    public func revoke(_ id: String, of account: Account) async throws -> Bool {
        if id.hasPrefix("s") {
            let removed = try await dependencies.sessions.deleteSession(id: String(id.dropFirst()), account: account.id)
            if removed { await dependencies.changeSignals.announce(.devices, to: account.id) }
            return removed
        }
        guard let token = TokenID(id), try await dependencies.accounts.tokens(ofAccountNamed: account.name).contains(where: { $0.id == token })
        else { return false }
        let removed = try await dependencies.accounts.removeToken(id: token)
        dependencies.tokenCache.forget(token)
        await dependencies.revocations.announceRevocation(of: token)
        if removed { await dependencies.changeSignals.announce(.devices, to: account.id) }
        return removed
    }

    /// A browser's name from its `User-Agent`, short enough for a table: "Firefox on Linux".
    public static func browserName(_ userAgent: String) -> String {
        let browsers = [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"),
                        ("Safari/", "Safari"), ("curl/", "curl"), ("python", "Python"), ("HeadlessChrome", "Chrome")]
        let systems = [("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Mac OS X", "macOS"), ("Windows", "Windows"),
                       ("CrOS", "ChromeOS"), ("Linux", "Linux")]
        guard let browser = browsers.first(where: { userAgent.contains($0.0) })?.1 else {
            return String(String.UnicodeScalarView(userAgent.unicodeScalars.filter { !$0.properties.generalCategory.isControlOrFormat }).prefix(60))
        }
        guard let system = systems.first(where: { userAgent.contains($0.0) })?.1 else { return browser }
        return "\(browser) on \(system)"
    }
}
