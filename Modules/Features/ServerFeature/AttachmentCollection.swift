import QuillModels
import ServerStoreInterface

/// Forgets the attachments of an account that none of its notes refers to (anywhere in its text,
/// code included: `AttachmentReference.keptHashes`), in no kept revision either (docs/attachments.md): `quill-server attachments gc`.
///
/// Exists so that every store collects by one rule: the references are read from every note the
/// change feed holds (tombstones included) and every revision kept of each, and only then are
/// the others forgotten, by the store, in one transaction that first checks that no note was
/// written since (`collectAttachments(_:account:unlessWrittenAfter:)`); if one was, it reads
/// again. A sync sends a note before the attachments it refers to, so nothing a sync is still
/// moving is collected. An account with a note that cannot be read keeps everything.
public struct AttachmentCollection: Sendable {
    let notes: any ServerNoteRepository
    let attachments: any ServerAttachmentRepository

    /// How many times to read again when notes keep being written meanwhile.
    static let attempts = 3

    public init(notes: any ServerNoteRepository, attachments: any ServerAttachmentRepository) {
        self.notes = notes
        self.attachments = attachments
    }

    /// Collects every account's, one account at a time.
    public func collect(accounts: any AccountRepository, dryRun: Bool) async throws -> CollectedAttachments {
        var total = CollectedAttachments()
        for summary in try await accounts.accountSummaries() {
            total = total + (try await collect(account: summary.account.id, dryRun: dryRun))
        }
        return total
    }

    /// Collects the account's unreferenced attachments, and what a crash left of its uploads
    /// (with `dryRun`, only finds them).
    public func collect(account: AccountID, dryRun: Bool) async throws -> CollectedAttachments {
        var collected = try await unreferenced(of: account, dryRun: dryRun)
        collected.leftovers = try await attachments.attachmentLeftovers(account: account, dryRun: dryRun)
        return collected
    }

    private func unreferenced(of account: AccountID, dryRun: Bool) async throws -> CollectedAttachments {
        for _ in 0..<Self.attempts {
            let held = try await attachments.attachments(account: account)
            guard !held.isEmpty else { return CollectedAttachments() }
            guard let (referenced, cursor) = try await references(of: account) else {
                return CollectedAttachments(skippedAccounts: 1)
            }
            let unreferenced = held.filter { !referenced.contains($0.key) }
            let found = CollectedAttachments(attachments: unreferenced.count, bytes: unreferenced.values.reduce(0) { $0 + $1.received })
            if dryRun || unreferenced.isEmpty { return found }
            let hashes = unreferenced.keys.sorted { $0.hex < $1.hex }
            if try await attachments.collectAttachments(hashes, account: account, unlessWrittenAfter: cursor) { return found }
        }
        return CollectedAttachments(skippedAccounts: 1)
    }

    /// Every attachment the account's notes and their kept revisions refer to, and the feed's
    /// position after the last note read; `nil` if a note or a history cannot be read.
    private func references(of account: AccountID) async throws -> (Set<AttachmentHash>, ChangeCursor)? {
        var referenced = Set<AttachmentHash>()
        var cursor = ChangeCursor.beginning
        while true {
            let page = try await notes.changes(account: account, after: cursor, limit: 500)
            guard page.unreadable.isEmpty else { return nil }
            for note in page.notes {
                let revisions: [NoteRevision]
                do { revisions = try await notes.history(of: note.id, account: account) } catch ServerStoreError.corrupt { return nil }
                // The history holds the current revision too.
                for revision in revisions {
                    referenced.formUnion(AttachmentReference.keptHashes(revision.note.body))
                }
            }
            cursor = page.next
            if !page.hasMore { return (referenced, cursor) }
        }
    }
}

/// What a collection forgot, or would (with `--dry-run`), over one account or several.
public struct CollectedAttachments: Equatable, Sendable {
    public var attachments = 0
    public var bytes: Int64 = 0
    /// Accounts left alone: a note could not be read, or notes kept being written.
    public var skippedAccounts = 0
    /// What crashes left outside the store's record (`attachmentLeftovers`).
    public var leftovers = 0

    public init(attachments: Int = 0, bytes: Int64 = 0, skippedAccounts: Int = 0, leftovers: Int = 0) {
        self.attachments = attachments
        self.bytes = bytes
        self.skippedAccounts = skippedAccounts
        self.leftovers = leftovers
    }

    public static func + (left: CollectedAttachments, right: CollectedAttachments) -> CollectedAttachments {
        CollectedAttachments(attachments: left.attachments + right.attachments, bytes: left.bytes + right.bytes,
                             skippedAccounts: left.skippedAccounts + right.skippedAccounts, leftovers: left.leftovers + right.leftovers)
    }
}
