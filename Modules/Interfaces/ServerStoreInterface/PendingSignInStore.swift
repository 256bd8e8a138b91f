import Foundation
import StandardInterfaces

/// Keeps sign-ins through the identity provider between their start and their callback.
///
/// Behind a protocol so that SQLite, PostgreSQL and memory keep them alike, checked by one
/// contract suite (Tests/ServerStoreContractTests/PendingSignIn). The stores keep and hand back
/// once; `OIDCSignIn` decides the rest.
public protocol PendingSignInStore: Sendable {
    /// Stores a started sign-in, first forgetting those expired at `now`.
    func createPendingSignIn(_ signIn: PendingSignIn, at now: Date) async throws
    /// The sign-in whose state hashes to `stateHash`, removed as it is handed out, so that it is
    /// handed out once; `nil` if there is none or it expired at `now`.
    func takePendingSignIn(stateHash: TokenHash, at now: Date) async throws -> PendingSignIn?
}
