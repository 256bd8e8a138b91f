import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Every account, token and note in memory: the store of `quill-server --preview` and of
/// unit tests, and a reference the contract suite holds the real databases to.
public actor InMemoryServerStore: ServerNoteRepository, AccountRepository, SchemaMigrating, ReadinessChecking {
    private struct Entry {
        var note: Note
        var sequence: Int64
    }

    private var accounts: [AccountID: Account] = [:]
    private var tokens: [TokenID: (token: StoredToken, account: AccountID)] = [:]
    private var notesByAccount: [AccountID: [NoteID: Entry]] = [:]
    /// Each note's revisions, newest first, as the databases' histories answer them.
    private var revisionsByAccount: [AccountID: [NoteID: [NoteRevision]]] = [:]
    private var lastSequence: [AccountID: Int64] = [:]
    private var pushes: [AccountID: [PushRequestID: (push: KeptPush, at: Date)]] = [:]
    struct AttachmentKey: Hashable {
        let account: AccountID
        let hash: AttachmentHash
    }
    var attachments: [AttachmentKey: (bytes: [UInt8], complete: Bool)] = [:]
    /// Every account's shares, in the order they were made (`InMemoryServerStore+Shares`).
    var shares: [Share] = []
    /// Every published site, by slug (`InMemoryServerStore+Shares`).
    var sites: [String: PublishedSite] = [:]
    private var nextAccountID: Int64 = 1
    private var created: [AccountID: Date] = [:]
    private var tokenUses: [TokenID: Date] = [:]
    private var tokenAddresses: [TokenID: String] = [:]
    /// Devices waiting to sign in, by the hash of their device code.
    var deviceAuthorizations: [TokenHash: DeviceAuthorization] = [:]
    /// Provider identities linked to accounts, in the order they were linked.
    var identityLinks: [(identity: ProviderIdentity, account: AccountID)] = []
    /// Sign-ins through the identity provider waiting for their callback, by the hash of their state.
    var pendingSignIns: [TokenHash: PendingSignIn] = [:]

    public init() {}

    /// The account's live notes, for the links (`ServerLinkRepository`), which the fake derives
    /// from them on every read.
    func liveNotes(account: AccountID) -> [Note] {
        (notesByAccount[account] ?? [:]).values.map(\.note).filter { !$0.isDeleted }
    }

    public func migrate() async throws {}

    public func checkReady() async throws {}

    // MARK: Accounts

    public func createAccount(named name: String, token: StoredToken?) async throws -> Account {
        guard !accounts.values.contains(where: { $0.name == name }) else { throw ServerStoreError.accountNameTaken(name) }
        let account = Account(id: AccountID(nextAccountID), name: name)
        nextAccountID += 1
        accounts[account.id] = account
        created[account.id] = Date()
        if let token { tokens[token.id] = (token, account.id) }
        return account
    }

    public func account(id: AccountID) async throws -> Account? {
        accounts[id]
    }

    public func token(id: TokenID) async throws -> (token: StoredToken, account: Account)? {
        guard let stored = tokens[id], let account = accounts[stored.account] else { return nil }
        return (stored.token, account)
    }

    public func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account {
        guard let account = accounts.values.first(where: { $0.name == name }) else { throw ServerStoreError.accountNotFound(name) }
        tokens[token.id] = (token, account.id)
        return account
    }

    public func tokens(ofAccountNamed name: String) async throws -> [TokenSummary] {
        guard let account = accounts.values.first(where: { $0.name == name }) else { throw ServerStoreError.accountNotFound(name) }
        return tokens.values.filter { $0.account == account.id }.map(\.token)
            .sorted { ($0.created ?? .distantPast, $0.id.rawValue) < ($1.created ?? .distantPast, $1.id.rawValue) }
            .map { TokenSummary(id: $0.id, scope: $0.scope, label: $0.label, created: $0.created, lastUsed: tokenUses[$0.id],
                                 lastAddress: tokenAddresses[$0.id], expires: $0.expires) }
    }

    public func removeToken(id: TokenID) async throws -> Bool {
        tokenUses[id] = nil
        tokenAddresses[id] = nil
        return tokens.removeValue(forKey: id) != nil
    }

    public func accountSummaries() async throws -> [AccountSummary] {
        accounts.values.sorted { Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8) }.map { account in
            let owned = tokens.filter { $0.value.account == account.id }.keys
            return AccountSummary(
                account: account, created: created[account.id],
                noteCount: (notesByAccount[account.id] ?? [:]).values.filter { !$0.note.isDeleted }.count,
                tokenCount: owned.count, lastUsed: owned.compactMap { tokenUses[$0] }.max())
        }
    }

    public func deleteAccount(named name: String) async throws {
        guard let account = accounts.values.first(where: { $0.name == name }) else { throw ServerStoreError.accountNotFound(name) }
        for (id, token) in tokens where token.account == account.id {
            tokens[id] = nil
            tokenUses[id] = nil
            tokenAddresses[id] = nil
        }
        accounts[account.id] = nil
        created[account.id] = nil
        notesByAccount[account.id] = nil
        revisionsByAccount[account.id] = nil
        lastSequence[account.id] = nil
        pushes[account.id] = nil
        attachments = attachments.filter { $0.key.account != account.id }
        shares.removeAll { $0.account == account.id }
        sites = sites.filter { $0.value.account != account.id }
        deviceAuthorizations = deviceAuthorizations.filter {
            if case .approved(account, _, _) = $0.value.decision { return false }
            return true
        }
        identityLinks.removeAll { $0.account == account.id }
    }

    /// The account with this name, if there is one.
    func account(named name: String) -> Account? {
        accounts.values.first { $0.name == name }
    }

    public func recordUse(ofToken id: TokenID, at date: Date, address: String?) async throws {
        guard tokens[id] != nil, (tokenUses[id] ?? .distantPast) <= date else { return }
        tokenUses[id] = date.roundedToMilliseconds
        tokenAddresses[id] = address
    }

    // MARK: Notes

    public func note(_ id: NoteID, account: AccountID) async throws -> Note? {
        notesByAccount[account]?[id]?.note
    }

    public func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        let live = (notesByAccount[account] ?? [:]).values.map(\.note).filter { note in
            !note.isDeleted && (after.map { note.id > $0 } ?? true) && (tag.map { note.tags.contains($0) } ?? true)
        }
        let page = Array(live.sorted { $0.id < $1.id }.prefix(max(0, limit)))
        return NotePage(notes: page, last: page.last?.id, hasMore: live.count > page.count)
    }

    /// `SearchMatch` stated as code: every live note of the account checked, ranked by `SearchMatch.score`.
    public func search(_ query: SearchQuery, account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        let live = (notesByAccount[account] ?? [:]).values.map(\.note).filter { note in
            !note.isDeleted && (tag.map { note.tags.contains($0) } ?? true) && SearchMatch.matches(note, query)
        }
        let scored: [(note: Note, score: Int)] = live.map { ($0, SearchMatch.score($0, query)) }
        let ranked = scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.note.id < $1.note.id }.map(\.note)
        var start = ranked.startIndex
        if let after {
            guard let index = ranked.firstIndex(where: { $0.id == after }) else { return NotePage(notes: [], last: nil, hasMore: false) }
            start = index + 1
        }
        let page = Array(ranked[start...].prefix(max(0, limit)))
        return NotePage(notes: page, last: page.last?.id, hasMore: ranked.count - start > page.count)
    }

    public func create(_ note: Note, account: AccountID) async throws -> Note {
        guard notesByAccount[account]?[note.id] == nil else { throw ServerStoreError.alreadyExists(note.id) }
        return try store(note.withRevision(1), origin: .created, mergeAncestor: nil, account: account)
    }

    public func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin,
                        mergeAncestor: Int?) async throws -> Note {
        guard let current = notesByAccount[account]?[note.id]?.note else { throw ServerStoreError.notFound(note.id) }
        guard current.revision == ifRevision else { throw ServerStoreError.revisionMismatch(note.id, current: current.revision) }
        return try store(note.withRevision(ifRevision + 1), origin: origin, mergeAncestor: mergeAncestor, account: account)
    }

    public func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        kept(revision, of: id, account: account)
    }

    private func kept(_ revision: Int, of id: NoteID, account: AccountID) -> Note? {
        revisionsByAccount[account]?[id]?.first { $0.number == revision }?.note
    }

    /// As the databases prune: the scan over each note's kept revisions, oldest first. The
    /// oldest revision left loses its origin, which the dropped record before it held.
    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        var scan = HistoryPruningScan<AccountID>(retention: retention, now: now)
        for account in revisionsByAccount.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            for (id, kept) in (revisionsByAccount[account] ?? [:]).sorted(by: { $0.key < $1.key }) where kept.count > 1 {
                for revision in kept.dropFirst().reversed() {
                    scan.add(account: account, note: id.rawValue, revision: Int64(revision.number),
                             writtenMilliseconds: revision.note.updated.millisecondsSince1970,
                             currentMilliseconds: kept[0].note.updated.millisecondsSince1970)
                }
            }
        }
        scan.finish()
        guard !dryRun else { return scan.pruned }
        for drop in scan.drops {
            guard let id = NoteID(drop.note), var kept = revisionsByAccount[drop.account]?[id] else { continue }
            let current = kept[0]
            kept.removeAll { $0 != current && Int64($0.number) <= drop.through }
            kept[kept.count - 1] = NoteRevision(note: kept[kept.count - 1].note, origin: .created)
            revisionsByAccount[drop.account]?[id] = kept
        }
        return scan.pruned
    }

    public func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] {
        revisionsByAccount[account]?[id] ?? []
    }

    public func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        let deleted = (notesByAccount[account] ?? [:]).values.map(\.note).filter { note in
            note.isDeleted && (after.map { note.id > $0 } ?? true)
        }
        let page = Array(deleted.sorted { $0.id < $1.id }.prefix(max(0, limit)))
        return NotePage(notes: page, last: page.last?.id, hasMore: deleted.count > page.count)
    }

    /// The change number of the account's latest write, 0 if none.
    func latestSequence(of account: AccountID) -> Int64 {
        (notesByAccount[account] ?? [:]).values.map(\.sequence).max() ?? 0
    }

    public func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        let later = (notesByAccount[account] ?? [:]).values
            .filter { $0.sequence > cursor.sequence }
            .sorted { $0.sequence < $1.sequence }
        let page = Array(later.prefix(max(0, limit)))
        return AccountChangePage(notes: page.map(\.note), cursors: page.map { ChangeCursor(sequence: $0.sequence) }, next: page.last.map { ChangeCursor(sequence: $0.sequence) } ?? cursor,
                          hasMore: later.count > page.count)
    }

    public func latestCursor(account: AccountID) async throws -> ChangeCursor {
        ChangeCursor(sequence: lastSequence[account] ?? 0)
    }

    public func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
                     forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        pushes[account] = pushes[account]?.filter { $0.value.at >= forgettingBefore }
        if let earlier = pushes[account]?[requestID] { return .kept(earlier.push) }
        let latestBefore = lastSequence[account] ?? 0
        var outcomes: [PushOutcome] = []
        for change in changes {
            let decision = try PushRule.decide(change, current: notesByAccount[account]?[change.note.id]?.note) {
                kept($0, of: change.note.id, account: account)
            }
            switch decision {
            case .store(let note): outcomes.append(.applied(store(note, origin: .sync, mergeAncestor: nil, account: account)))
            case .merged(let note): outcomes.append(.merged(store(note, origin: .sync, mergeAncestor: change.baseRevision, account: account)))
            case .conflict(let current): outcomes.append(.conflict(current))
            }
        }
        let answer = PushAnswer(outcomes: outcomes, written: WrittenChanges(after: ChangeCursor(sequence: latestBefore),
                                                                            through: ChangeCursor(sequence: lastSequence[account] ?? 0)))
        pushes[account, default: [:]][requestID] = (KeptPush(outcomes: keeping(outcomes), digest: digest, written: answer.written), now)
        return .applied(answer)
    }

    /// Stores `note` under the next change number; the revision it replaces stays in its
    /// history unless they say the same (then the current revision is only renumbered).
    private func store(_ note: Note, origin: RevisionOrigin, mergeAncestor: Int?, account: AccountID) -> Note {
        var kept = revisionsByAccount[account]?[note.id] ?? []
        if let replaced = notesByAccount[account]?[note.id]?.note, replaced.hasSameContent(as: note), !kept.isEmpty {
            kept[0] = NoteRevision(note: note, origin: kept[0].origin, mergeAncestor: kept[0].mergeAncestor)
        } else {
            kept.insert(kept.isEmpty ? NoteRevision(note: note, origin: .created)
                                     : NoteRevision(note: note, origin: origin, mergeAncestor: mergeAncestor), at: 0)
        }
        revisionsByAccount[account, default: [:]][note.id] = kept
        let sequence = (lastSequence[account] ?? 0) + 1
        lastSequence[account] = sequence
        notesByAccount[account, default: [:]][note.id] = Entry(note: note, sequence: sequence)
        return note
    }
}
