import Foundation
import StandardInterfaces

/// A sign-in through the identity provider that has been started and not yet come back: what the
/// callback needs to finish it.
///
/// Kept by the server rather than in a cookie, so that any server of a PostgreSQL deployment can
/// finish it and a replayed callback finds nothing. Only the hash of `state` is kept.
public struct PendingSignIn: Hashable, Sendable {
    public let stateHash: TokenHash
    /// The value the ID token must carry as `nonce`.
    public let nonce: String
    /// The PKCE code verifier the code is redeemed with.
    public let verifier: String
    /// The page of this site to go back to once signed in.
    public let returnPath: String
    public let expires: Date

    public init(stateHash: TokenHash, nonce: String, verifier: String, returnPath: String, expires: Date) {
        self.stateHash = stateHash
        self.nonce = nonce
        self.verifier = verifier
        self.returnPath = returnPath
        self.expires = expires.roundedToMilliseconds
    }
}
