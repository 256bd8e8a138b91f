import Foundation
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Makes a share of one of an account's notes, for the API and the web reader's share form
/// alike: checks the terms, draws the secret, freezes the revision if asked.
public struct ShareCreation: Sendable {
    let dependencies: ServerDependencies

    public init(dependencies: ServerDependencies) {
        self.dependencies = dependencies
    }

    /// The new share; `APIError` 404 for a note the account does not have live, 400 for terms
    /// out of bounds.
    public func share(_ id: NoteID, account: AccountID, terms: NewShareBody) async throws -> Share {
        let now = dependencies.clock.now()
        if let expires = terms.expires?.date {
            guard expires > now else { throw APIError.badRequest("expires: \(Timestamp(expires)) has already passed") }
            guard expires.timeIntervalSince(now) <= ShareRules.longestLife else {
                throw APIError.badRequest("expires: at most 100 years ahead; leave it out for a link that never expires")
            }
        }
        if let views = terms.views, !(1...ShareRules.maximumViews).contains(views) {
            throw APIError.badRequest("views: must be 1...\(ShareRules.maximumViews), or left out for no limit")
        }
        guard let note = try await dependencies.notes.note(id, account: account), !note.isDeleted else {
            throw APIError.notFound("no note with ID \(id)")
        }
        let handle = dependencies.secrets.generate(), secret = dependencies.secrets.generate()
        guard let shareID = ShareID(handle.id.rawValue) else { throw APIError.internalError }
        let share = Share(id: shareID, secret: secret.secret, account: account, note: id, snapshot: terms.snapshot == true ? note.revision : nil,
                          created: now, expires: terms.expires?.date, viewLimit: terms.views)
        try await dependencies.shares.createShare(share)
        return share
    }
}
