import Foundation
import QuillModels
import StandardInterfaces

/// A collection of an account's notes put on the web: every live note with `tag`, as it changes,
/// at `/p/<slug>/` (docs/sharing.md). The stores keep it; `ShareRules` says what is on it.
public struct PublishedSite: Hashable, Sendable {
    /// The site's name in its URL, unique on the server: 1...64 of `a-z`, `0-9` and `-`.
    public let slug: String
    public let account: AccountID
    public let tag: Tag
    /// The heading of its index and the title of its feed.
    public let title: String
    public let created: Date

    public init(slug: String, account: AccountID, tag: Tag, title: String, created: Date) {
        self.slug = slug
        self.account = account
        self.tag = tag
        self.title = title
        self.created = created.roundedToMilliseconds
    }
}
