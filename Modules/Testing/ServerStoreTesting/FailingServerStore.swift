import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// A store whose chosen operations fail with a chosen error, the rest going to a real one.
///
/// Exists to prove that handlers turn a database failure into a clean 503 and never
/// half-write, without having to break a real database.
public struct FailingServerStore: ServerNoteRepository, AccountRepository, ReadinessChecking {
    public enum Operation: Hashable, Sendable {
        case read, list, create, replace, changes, push, accounts, readiness, prune
    }

    private let base: InMemoryServerStore
    private let failing: Set<Operation>
    private let error: ServerStoreError

    public init(wrapping base: InMemoryServerStore, failing: Set<Operation>,
                with error: ServerStoreError = .unavailable("injected failure")) {
        self.base = base
        self.failing = failing
        self.error = error
    }

    private func check(_ operation: Operation) throws {
        if failing.contains(operation) { throw error }
    }

    public func note(_ id: NoteID, account: AccountID) async throws -> Note? {
        try check(.read)
        return try await base.note(id, account: account)
    }

    public func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        try check(.list)
        return try await base.notes(account: account, tagged: tag, after: after, limit: limit)
    }

    public func search(_ query: SearchQuery, account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        try check(.list)
        return try await base.search(query, account: account, tagged: tag, after: after, limit: limit)
    }

    public func create(_ note: Note, account: AccountID) async throws -> Note {
        try check(.create)
        return try await base.create(note, account: account)
    }

    public func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin,
                        mergeAncestor: Int?) async throws -> Note {
        try check(.replace)
        return try await base.replace(note, account: account, ifRevision: ifRevision, origin: origin, mergeAncestor: mergeAncestor)
    }

    public func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        try check(.read)
        return try await base.revision(revision, of: id, account: account)
    }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        try check(.prune)
        return try await base.pruneHistory(retention, now: now, dryRun: dryRun)
    }

    public func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] {
        try check(.read)
        return try await base.history(of: id, account: account)
    }

    public func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        try check(.list)
        return try await base.deletedNotes(account: account, after: after, limit: limit)
    }

    public func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        try check(.changes)
        return try await base.changes(account: account, after: cursor, limit: limit)
    }

    public func latestCursor(account: AccountID) async throws -> ChangeCursor {
        try check(.changes)
        return try await base.latestCursor(account: account)
    }

    public func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
                     forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        try check(.push)
        return try await base.push(changes, requestID: requestID, digest: digest, account: account, at: now,
                                   forgettingBefore: forgettingBefore, keeping: keeping)
    }

    public func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote? {
        try check(.read)
        return try await base.encodedNote(id, account: account)
    }

    public func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage? {
        try check(.changes)
        return try await base.encodedChanges(account: account, after: cursor, limit: limit)
    }

    public func createAccount(named name: String, token: StoredToken?) async throws -> Account {
        try check(.accounts)
        return try await base.createAccount(named: name, token: token)
    }

    public func account(id: AccountID) async throws -> Account? {
        try check(.accounts)
        return try await base.account(id: id)
    }

    public func token(id: TokenID) async throws -> (token: StoredToken, account: Account)? {
        try check(.accounts)
        return try await base.token(id: id)
    }

    public func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account {
        try check(.accounts)
        return try await base.addToken(token, toAccountNamed: name)
    }

    public func tokens(ofAccountNamed name: String) async throws -> [TokenSummary] {
        try check(.accounts)
        return try await base.tokens(ofAccountNamed: name)
    }

    public func removeToken(id: TokenID) async throws -> Bool {
        try check(.accounts)
        return try await base.removeToken(id: id)
    }

    public func accountSummaries() async throws -> [AccountSummary] {
        try check(.accounts)
        return try await base.accountSummaries()
    }

    public func deleteAccount(named name: String) async throws {
        try check(.accounts)
        try await base.deleteAccount(named: name)
    }

    public func recordUse(ofToken id: TokenID, at date: Date, address: String?) async throws {
        try check(.accounts)
        try await base.recordUse(ofToken: id, at: date, address: address)
    }

    public func checkReady() async throws {
        try check(.readiness)
    }
}
