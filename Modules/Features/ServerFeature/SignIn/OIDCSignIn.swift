import Foundation
import StandardInterfaces
import ServerStoreInterface

/// Signing in through an OpenID Connect provider, step by step: starting (a pending sign-in kept
/// by the server, the browser sent to the provider) and finishing at the callback (the code
/// redeemed, the ID token judged by `OIDCRules`, userinfo asked for missing claims, the account
/// found, linked or made).
///
/// The web reader calls it and opens the session; the rules are `OIDCRules`'.
public struct OIDCSignIn: Sendable {
    public let settings: OIDCSettings
    let provider: any IdentityProvider
    let links: any IdentityLinkStore
    let pending: any PendingSignInStore
    let accounts: any AccountRepository
    let secrets: any TokenGenerating
    let hasher: any TokenHashing
    let clock: any WallClock

    public init(settings: OIDCSettings, provider: any IdentityProvider, links: any IdentityLinkStore, pending: any PendingSignInStore,
                accounts: any AccountRepository, secrets: any TokenGenerating, hasher: any TokenHashing, clock: any WallClock) {
        self.settings = settings
        self.provider = provider
        self.links = links
        self.pending = pending
        self.accounts = accounts
        self.secrets = secrets
        self.hasher = hasher
        self.clock = clock
    }

    /// A started sign-in: where to send the browser, and the state the browser keeps (in a
    /// cookie) to prove at the callback that it is the browser that started it.
    public struct Start: Sendable {
        public let authorizationURL: String
        public let state: String
    }

    /// A finished sign-in: the account, the ID token (kept for signing out at the provider) and
    /// the page to return to.
    public struct SignedIn: Sendable {
        public let account: Account
        public let identityToken: String
        public let returnPath: String
    }

    /// Checks that the provider answers discovery as the issuer configured (at start-up).
    public func checkProvider() async throws(OIDCSignInFailure) {
        do { _ = try await provider.metadata() } catch { throw .providerDown("\(error)") }
    }

    /// Whether the provider can be reached now (the sign-in page says so when it cannot).
    public func isReachable() async -> Bool {
        (try? await provider.metadata()) != nil
    }

    /// Starts a sign-in that returns to `returnPath` (a path of this site) once done.
    public func start(returnPath: String) async throws(OIDCSignInFailure) -> Start {
        let metadata: IdentityProviderMetadata
        do { metadata = try await provider.metadata() } catch { throw .providerDown("\(error)") }
        let state = secrets.generate().secret, nonce = secrets.generate().secret, verifier = secrets.generate().secret
        let now = clock.now()
        do {
            try await pending.createPendingSignIn(PendingSignIn(stateHash: hasher.hash(state), nonce: nonce, verifier: verifier, returnPath: returnPath,
                                                                expires: now.addingTimeInterval(OIDCRules.pendingLifetime)), at: now)
        } catch { throw .store("\(error)") }
        return Start(authorizationURL: OIDCRules.authorizationURL(metadata, settings, state: state, nonce: nonce, verifier: verifier), state: state)
    }

    /// Finishes the sign-in the provider sent the browser back with. `browserState` is the
    /// state the browser kept; a callback without it, or with another, is refused (login CSRF).
    public func finish(code: String, state: String, browserState: String?) async throws(OIDCSignInFailure) -> SignedIn {
        guard let browserState, SecretComparison.equal(browserState, state) else { throw .otherBrowser }
        let now = clock.now()
        let started: PendingSignIn?
        do { started = try await pending.takePendingSignIn(stateHash: hasher.hash(state), at: now) } catch { throw .store("\(error)") }
        guard let started else { throw .expired }
        let tokens: IdentityTokens
        do {
            tokens = try await provider.redeem(AuthorizationCodeGrant(code: code, verifier: started.verifier, redirectURI: settings.redirectURI))
        } catch let failure as IdentityProviderFailure {
            throw .provider(failure)
        } catch {
            throw .provider(.unreachable("\(error)"))
        }
        if let reason = OIDCRules.rejection(of: tokens.claims, settings: settings, nonce: started.nonce, at: now) {
            throw .provider(.invalidToken(reason))
        }
        var claims = tokens.claims
        if OIDCRules.needsUserInfo(claims, settings: settings), let accessToken = tokens.accessToken,
           let userInfo = try? await provider.userInfo(accessToken: accessToken) {
            claims = OIDCRules.merged(claims, userInfo: userInfo)
        }
        let identity = ProviderIdentity(issuer: settings.issuer, subject: claims.string("sub") ?? "")
        do {
            let account: Account
            switch OIDCRules.access(claims, settings: settings, linked: try await links.account(linkedTo: identity)) {
            case .linked(let linked): account = linked
            case .create(let name): account = try await createAccount(suggested: name, for: identity, at: now)
            case .noAccount: throw OIDCSignInFailure.noAccount(identity)
            case .notAllowed: throw OIDCSignInFailure.notAllowed(identity, email: claims.string("email"))
            }
            return SignedIn(account: account, identityToken: tokens.idToken, returnPath: started.returnPath)
        } catch let failure as OIDCSignInFailure {
            throw failure
        } catch {
            throw .store("\(error)")
        }
    }

    /// Where to send the browser to sign out at the provider too, if it offers that.
    public func signOutURL(identityToken: String) async -> String? {
        guard let metadata = try? await provider.metadata() else { return nil }
        return OIDCRules.signOutURL(metadata, settings, identityToken: identityToken)
    }

    /// Makes the account of a person let in for the first time, named as they would be, with a
    /// number added while the name is taken, and links their identity to it.
    private func createAccount(suggested name: String, for identity: ProviderIdentity, at now: Date) async throws -> Account {
        for attempt in 1...100 {
            let candidate = attempt == 1 ? name : "\(name)-\(attempt)"
            do {
                _ = try await AccountRegistration.createAccount(named: candidate, token: nil, in: accounts)
                return try await links.linkIdentity(identity, toAccountNamed: candidate, at: now)
            } catch ServerStoreError.accountNameTaken {
                continue
            }
        }
        throw ServerStoreError.accountNameTaken(name)
    }
}

/// Why a sign-in through the provider did not end signed in, said so that the page can tell the person.
public enum OIDCSignInFailure: Error, Equatable, Sendable {
    /// The provider could not be reached to start.
    case providerDown(String)
    /// The provider refused, or its answer is not a valid sign-in.
    case provider(IdentityProviderFailure)
    /// No sign-in waits for this state: it expired, was used, or never started here.
    case expired
    /// The callback came to another browser than the one that started the sign-in.
    case otherBrowser
    /// The person is let in but no account is theirs.
    case noAccount(ProviderIdentity)
    /// The person is not let in.
    case notAllowed(ProviderIdentity, email: String?)
    case store(String)

    /// The reason alone, for a message that names the provider itself.
    public static func reason(_ failure: OIDCSignInFailure) -> String {
        switch failure {
        case .providerDown(let reason), .store(let reason): reason
        case .provider(let failure): failure.description
        case .expired: "the sign-in expired"
        case .otherBrowser: "the sign-in came back to another browser"
        case .noAccount(let identity): "subject \(identity.subject) is linked to no account"
        case .notAllowed(let identity, _): "subject \(identity.subject) is not allowed"
        }
    }
}
