import Foundation
import ServerStoreInterface
import StandardInterfaces

/// Keeps the web reader's sessions: the port the sign-in, sign-out and every signed-in page use.
///
/// Behind a protocol so that SQLite, PostgreSQL and memory (preview, tests) keep them alike,
/// checked by one contract suite (Tests/WebSessionContractTests).
public protocol WebSessionStore: Sendable {
    /// Stores a new session.
    func createSession(_ session: WebSession) async throws
    /// The session whose secret hashes to `secretHash`, if there is one that has not expired at
    /// `now`; an expired one is forgotten and `nil` returned.
    func session(secretHash: TokenHash, at now: Date) async throws -> WebSession?
    /// Ends one session (sign out); `false` if there was none.
    func deleteSession(secretHash: TokenHash) async throws -> Bool
    /// Ends every session of an account; how many there were.
    func deleteSessions(account: AccountID) async throws -> Int
    /// Forgets every session expired at `now`; how many there were.
    func deleteExpiredSessions(at now: Date) async throws -> Int
}
