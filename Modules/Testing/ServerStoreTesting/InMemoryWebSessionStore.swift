import Foundation
import ServerStoreInterface
import StandardInterfaces

/// Web sessions in memory: for `--preview`, route tests, and as the contract suite's reference.
public actor InMemoryWebSessionStore: WebSessionStore {
    private var sessions: [TokenHash: WebSession] = [:]

    public init() {}

    public func createSession(_ session: WebSession) async throws {
        sessions[session.secretHash] = session
    }

    public func session(secretHash: TokenHash, at now: Date) async throws -> WebSession? {
        guard let session = sessions[secretHash] else { return nil }
        guard session.expires > now else {
            sessions[secretHash] = nil
            return nil
        }
        return session
    }

    public func deleteSession(secretHash: TokenHash) async throws -> Bool {
        sessions.removeValue(forKey: secretHash) != nil
    }

    public func deleteSessions(account: AccountID) async throws -> Int {
        let ended = sessions.values.filter { $0.account == account }
        for session in ended { sessions[session.secretHash] = nil }
        return ended.count
    }

    public func deleteExpiredSessions(at now: Date) async throws -> Int {
        let expired = sessions.values.filter { $0.expires <= now }
        for session in expired { sessions[session.secretHash] = nil }
        return expired.count
    }
}
