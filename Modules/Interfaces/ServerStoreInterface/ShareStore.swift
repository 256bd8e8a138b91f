import Foundation
import QuillModels
import StandardInterfaces

/// Keeps each account's shares (docs/sharing.md): the port the share routes and shared pages use.
///
/// Behind a protocol so that SQLite, PostgreSQL and memory keep them alike, checked by one
/// contract suite (Tests/ServerStoreContractTests/Share). The stores only keep and count; what a
/// share allows is `ShareRules`'s to decide.
public protocol ShareStore: Sendable {
    /// Stores a new share.
    func createShare(_ share: Share) async throws
    /// The share whose URL token is `secret`, in whatever state.
    func share(secret: String) async throws -> Share?
    /// The account's shares, newest first.
    func shares(account: AccountID) async throws -> [Share]
    /// The account's shares of any of `notes`, newest first.
    func shares(of notes: Set<NoteID>, account: AccountID) async throws -> [Share]
    /// Marks the account's share revoked at `date` (once: a second revocation keeps the first
    /// date); the share as it now is, or `nil` if the account has none with that ID.
    func revokeShare(_ id: ShareID, account: AccountID, at date: Date) async throws -> Share?
    /// Counts one view of the share, only if its count is below `limit` (no limit: always), in
    /// one step, so that two servers cannot both take the last view; whether it was counted.
    func recordView(of id: ShareID, below limit: Int?) async throws -> Bool
    /// Adds `count` views to a share without a limit, at once: the views a server counted in
    /// memory since it last wrote them (`ShareViewTally`).
    func addViews(_ count: Int, to id: ShareID) async throws
}
