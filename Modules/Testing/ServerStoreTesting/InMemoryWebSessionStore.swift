import Foundation
import QuillModels
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

    public func sessions(account: AccountID, at now: Date) async throws -> [WebSession] {
        sessions.values.filter { $0.account == account && $0.expires > now }
            .sorted { ($0.lastUsed ?? $0.created, $1.id) > ($1.lastUsed ?? $1.created, $0.id) }
    }

    public func deleteSession(id: String, account: AccountID) async throws -> Bool {
        guard let found = sessions.values.first(where: { $0.id == id && $0.account == account }) else { return false }
        sessions[found.secretHash] = nil
        return true
    }

    public func recordUse(ofSession secretHash: TokenHash, at date: Date, address: String?) async throws {
        guard var session = sessions[secretHash], (session.lastUsed ?? .distantPast) <= date else { return }
        session.lastUsed = date.roundedToMilliseconds
        if let address { session.address = address }
        sessions[secretHash] = session
    }

    public func deleteExpiredSessions(at now: Date) async throws -> Int {
        let expired = sessions.values.filter { $0.expires <= now }
        for session in expired { sessions[session.secretHash] = nil }
        return expired.count
    }
}
