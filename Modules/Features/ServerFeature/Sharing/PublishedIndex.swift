import Foundation
import QuillModels
import ServerStoreInterface

/// The notes on each published site, newest first, worked out once per change of the account:
/// a site's index, feed, sitemap and pages all ask which notes are on it, and reading every
/// tagged note for each request would cost in proportion to the site. The account's change
/// cursor says when a listing is stale, so a note that loses the tag leaves at the next request.
///
/// An actor: every request of the process shares it. It keeps at most `sitesKept` listings.
public actor PublishedIndex {
    /// A published note as the index, feed and sitemap show it.
    public struct Entry: Sendable, Hashable {
        public let id: NoteID
        public let title: String
        public let created: Date
        public let updated: Date
    }

    /// A site's notes at one point of its account's change feed.
    public struct Listing: Sendable {
        public let cursor: ChangeCursor
        /// Newest first (by last change), then by ID.
        public let entries: [Entry]
        public let ids: Set<NoteID>
        let account: AccountID
        let tag: Tag
    }

    let sitesKept: Int
    private var listings: [String: Listing] = [:]

    public init(sitesKept: Int = 256) {
        self.sitesKept = sitesKept
    }

    public func listing(of site: PublishedSite, notes: any ServerNoteRepository) async throws -> Listing {
        let cursor = try await notes.latestCursor(account: site.account)
        if let kept = listings[site.slug], kept.cursor == cursor, kept.account == site.account, kept.tag == site.tag { return kept }
        var entries: [Entry] = [], after: NoteID?
        while true {
            let page = try await notes.notes(account: site.account, tagged: site.tag, after: after, limit: 1000)
            entries += page.notes.filter { ShareRules.isPublished($0, on: site) }
                .map { Entry(id: $0.id, title: $0.title, created: $0.created, updated: $0.updated) }
            guard page.hasMore, let last = page.last else { break }
            after = last
        }
        entries.sort { $0.updated != $1.updated ? $0.updated > $1.updated : $0.id.rawValue < $1.id.rawValue }
        let listing = Listing(cursor: cursor, entries: entries, ids: Set(entries.map(\.id)), account: site.account, tag: site.tag)
        if listings.count >= sitesKept { listings.removeAll() }
        listings[site.slug] = listing
        return listing
    }
}
