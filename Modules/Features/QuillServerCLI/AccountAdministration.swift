import ServerFeature
import ServerStoreInterface
import StandardInterfaces

/// What `quill-server account …` works on: accounts and their tokens, and the web reader's
/// sessions. Every root hands the commands one over its store, so the commands' logic is the
/// same whichever root built it.
public struct AccountAdministration: Sendable {
    /// Creates, lists and deletes accounts; issues and revokes tokens.
    public let registration: AccountRegistration
    public let accounts: any AccountRepository
    public let sessions: any WebSessionStore
    /// Tells running servers of a revoked token (with PostgreSQL, every server at once).
    public let revocations: any TokenRevocationSignaling
    /// Which account each provider identity signs into (`account link`, `account unlink`).
    public let identityLinks: any IdentityLinkStore
    /// The identity provider's issuer as configured (`--oidc-issuer`, `QUILL_SERVER_OIDC_ISSUER`).
    public let issuer: String?

    public init(registration: AccountRegistration, accounts: any AccountRepository, sessions: any WebSessionStore,
                revocations: any TokenRevocationSignaling, identityLinks: any IdentityLinkStore, issuer: String?) {
        self.identityLinks = identityLinks
        self.issuer = issuer
        self.registration = registration
        self.accounts = accounts
        self.sessions = sessions
        self.revocations = revocations
    }

    /// Revokes a token given whole or by its ID, and tells the servers that share the database;
    /// `false` if no such token was stored.
    public func revoke(_ text: String) async throws -> Bool {
        guard try await registration.revoke(text) else { return false }
        if let id = BearerToken(parsing: text)?.id ?? TokenID(text) { await revocations.announceRevocation(of: id) }
        return true
    }

    /// The identity of `subject` at the configured issuer; a usage failure when no issuer is set.
    public func identity(subject: String) throws -> ProviderIdentity {
        guard let issuer, !issuer.isEmpty else {
            throw ServerCommandFailure.invalidSetting("no identity provider is set", hint: "give the provider's issuer with "
                + "\(ServerSetting.oidcIssuer.flagName) or $\(ServerSetting.oidcIssuer.variable ?? ""), as the server has it")
        }
        guard !subject.isEmpty, subject.count <= 255 else {
            throw ServerCommandFailure.invalidSetting("--oidc-subject: a subject is 1 to 255 characters",
                                                      hint: "copy it from the sign-in page that refused the person")
        }
        return ProviderIdentity(issuer: issuer, subject: subject)
    }

    /// The live web reader sessions of the account named `name`, the latest used first.
    public func webSessions(ofAccountNamed name: String) async throws -> [WebSession] {
        guard let account = try await accounts.accountSummaries().first(where: { $0.account.name == name })
        else { throw ServerStoreError.accountNotFound(name) }
        return try await sessions.sessions(account: account.account.id, at: registration.now())
    }

    /// Ends every web reader session of the account named `name`; how many there were.
    public func revokeWebSessions(ofAccountNamed name: String) async throws -> Int {
        guard let account = try await accounts.accountSummaries().first(where: { $0.account.name == name })
        else { throw ServerStoreError.accountNotFound(name) }
        return try await sessions.deleteSessions(account: account.account.id)
    }
}
