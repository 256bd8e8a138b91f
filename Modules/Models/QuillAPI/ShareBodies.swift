import QuillModels

/// `POST /v1/notes/{id}/shares`: the terms of a new share link. Every field may be left out;
/// decoding is strict, so a misspelt one (`"view"` for `"views"`) is an error, not a link without
/// the limit meant.
public struct NewShareBody: Codable, Hashable, Sendable {
    /// When the link stops working; absent or `null`: never.
    public let expires: Timestamp?
    /// How many times a person may open it; absent or `null`: without limit.
    public let views: Int?
    /// Show the note as it is now, frozen (`true`), rather than as it will be (absent, `false`).
    public let snapshot: Bool?

    public init(expires: Timestamp? = nil, views: Int? = nil, snapshot: Bool? = nil) {
        self.expires = expires
        self.views = views
        self.snapshot = snapshot
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(allowed: ["expires", "views", "snapshot"], "a share's terms are expires, views and snapshot")
        expires = try container.decodeIfPresent(Timestamp.self, forKey: JSONObjectKey("expires"))
        views = try container.decodeIfPresent(Int.self, forKey: JSONObjectKey("views"))
        snapshot = try container.decodeIfPresent(Bool.self, forKey: JSONObjectKey("snapshot"))
    }
}

/// A share link as its owner sees it (`POST /v1/notes/{id}/shares`, `GET /v1/shares`).
public struct ShareBody: Codable, Hashable, Sendable {
    /// The handle `DELETE /v1/shares/{id}` takes.
    public let id: String
    public let note: NoteID
    /// The page's path on the server, `/s/<token>`: the link is the server's address and this.
    public let path: String
    /// `active`, `expired`, `used-up`, `revoked` or `note-gone`.
    public let state: String
    public let created: Timestamp
    public let expires: Timestamp?
    /// The view limit, or `null` for none; and the views so far.
    public let viewLimit: Int?
    public let views: Int
    /// The revision the page is frozen at, or `null` if it shows the note as it is.
    public let snapshot: Int?
    public let revoked: Timestamp?

    public init(id: String, note: NoteID, path: String, state: String, created: Timestamp, expires: Timestamp?, viewLimit: Int?, views: Int,
                snapshot: Int?, revoked: Timestamp?) {
        self.id = id
        self.note = note
        self.path = path
        self.state = state
        self.created = created
        self.expires = expires
        self.viewLimit = viewLimit
        self.views = views
        self.snapshot = snapshot
        self.revoked = revoked
    }
}

/// `GET /v1/shares`: the account's share links, newest first.
public struct ShareListBody: Codable, Hashable, Sendable {
    public let shares: [ShareBody]

    public init(shares: [ShareBody]) { self.shares = shares }
}

/// `POST /v1/sites`: a collection to put on the web: every note with `tag`, at `/p/<slug>/`.
public struct NewSiteBody: Codable, Hashable, Sendable {
    public let slug: String
    public let tag: String
    /// The site's heading and feed title; absent: the tag.
    public let title: String?

    public init(slug: String, tag: String, title: String? = nil) {
        self.slug = slug
        self.tag = tag
        self.title = title
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(allowed: ["slug", "tag", "title"], "a site is slug, tag and (optionally) title")
        slug = try container.decode(String.self, forKey: JSONObjectKey("slug"))
        tag = try container.decode(String.self, forKey: JSONObjectKey("tag"))
        title = try container.decodeIfPresent(String.self, forKey: JSONObjectKey("title"))
    }
}

/// A published site as its owner sees it (`POST /v1/sites`, `GET /v1/sites`).
public struct SiteBody: Codable, Hashable, Sendable {
    public let slug: String
    public let tag: String
    public let title: String
    /// The index's path on the server, `/p/<slug>/`.
    public let path: String
    public let created: Timestamp

    public init(slug: String, tag: String, title: String, path: String, created: Timestamp) {
        self.slug = slug
        self.tag = tag
        self.title = title
        self.path = path
        self.created = created
    }
}

/// `GET /v1/sites`: the account's published sites, by slug.
public struct SiteListBody: Codable, Hashable, Sendable {
    public let sites: [SiteBody]

    public init(sites: [SiteBody]) { self.sites = sites }
}
