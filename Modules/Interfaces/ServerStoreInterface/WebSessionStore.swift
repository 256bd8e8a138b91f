import Foundation
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
    /// The account's sessions that have not expired at `now`, the latest used first (the Devices page).
    func sessions(account: AccountID, at now: Date) async throws -> [WebSession]
    /// Ends the account's session with this public ID; `false` if it has none.
    func deleteSession(id: String, account: AccountID) async throws -> Bool
    /// Records that the session was used at `date` from `address` (keeps the latest date).
    /// Called at most about once a minute per session, so it costs no write per page.
    func recordUse(ofSession secretHash: TokenHash, at date: Date, address: String?) async throws
}
