import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Every rule of sharing, in one place (docs/sharing.md): what state a share is in, what counts
/// as a view, which attachments a shared page may serve, and where a link to another note leads.
/// The stores only keep shares; the API and the shared pages only ask here.
public enum ShareRules {
    /// Whether a share shows its note, and if not, why.
    public enum State: String, Sendable, CaseIterable {
        case active
        /// Its time passed.
        case expired
        /// Its views reached the limit.
        case usedUp = "used-up"
        case revoked
        /// The note was deleted, or the revision it froze is no longer kept.
        case noteGone = "note-gone"
    }

    /// The most views a share may allow, and how far ahead it may expire: bounds that keep a
    /// typo from making a link that outlives its purpose by centuries.
    public static let maximumViews = 1_000_000
    public static let longestLife: TimeInterval = 100 * 365 * 86400

    /// The state of `share` at `now`, its note aside (`SharedNoteLookup` adds `noteGone`).
    /// Revoked comes first: a person who revoked a link should be told so, not that it expired.
    public static func state(of share: Share, at now: Date) -> State {
        if share.revoked != nil { return .revoked }
        if let expires = share.expires, expires <= now { return .expired }
        if let limit = share.viewLimit, share.views >= limit { return .usedUp }
        return .active
    }

    /// Whether a request for a share's page is a person's view: a `GET` from anything but a
    /// link-preview fetcher. `HEAD` and previews see the page and use up nothing.
    public static func countsAsView(method: String, userAgent: String?) -> Bool {
        method == "GET" && !isLinkPreview(userAgent: userAgent)
    }

    /// Whether a view-limited share shows its note only after the person presses the page's
    /// button: always, so that no fetch (a preview, a prefetch, a scanner) uses a view up.
    public static func asksBeforeShowing(_ share: Share) -> Bool {
        share.viewLimit != nil
    }

    /// The `User-Agent` words of the fetchers chat apps and social sites send to unfurl a link:
    /// Slack, Discord, Teams and Skype, WhatsApp, Telegram, iMessage (which sends Facebook's and
    /// X's), Facebook, LinkedIn, X, and the search engines' preview fetchers.
    static let linkPreviewAgents = [
        "slackbot", "slack-imgproxy", "discordbot", "msteams", "skypeuripreview", "microsoftpreview", "whatsapp", "telegrambot",
        "facebookexternalhit", "facebot", "linkedinbot", "twitterbot", "applebot", "googlebot", "bingbot", "bingpreview",
        "redditbot", "embedly", "pinterest", "mastodon", "signal", "vkshare", "snapchat", "viber",
    ]

    /// Whether `userAgent` names a link-preview fetcher.
    public static func isLinkPreview(userAgent: String?) -> Bool {
        guard let agent = userAgent?.lowercased(), !agent.isEmpty else { return false }
        return linkPreviewAgents.contains { agent.contains($0) }
    }

    /// The token a view-limited page's button carries, so that another site cannot make a
    /// visitor's browser use up a view: derived from the share's secret, which only someone who
    /// has the link knows.
    public static func viewFormToken(for share: Share, hasher: any TokenHashing) -> String {
        hasher.hash("quill-share-view:" + share.secret).hex
    }

    /// How long the attachments of a view-limited page still load after the view that showed it,
    /// even once that was the last view: the page's images must not break because the person
    /// used up the link by opening it.
    public static let attachmentGrantLife: TimeInterval = 600

    /// The grant a view-limited page puts on its attachments' URLs (`?until=…&grant=…`), good
    /// until `until` (seconds since 1970).
    public static func attachmentGrant(secret: String, until: Int64, hasher: any TokenHashing) -> String {
        hasher.hash("quill-share-attachment:\(secret):\(until)").hex
    }

    /// Whether an attachment request's grant holds at `now`: made for this secret, not yet past,
    /// and not reaching further ahead than one grant's life.
    public static func grantHolds(secret: String, until: Int64, grant: String, at now: Date, hasher: any TokenHashing) -> Bool {
        let seconds = Int64(now.timeIntervalSince1970)
        return until > seconds && until <= seconds + Int64(attachmentGrantLife)
            && attachmentGrant(secret: secret, until: until, hasher: hasher) == grant
    }

    /// Whether a shared page may serve the attachment with `hash`: only one the shown revision of
    /// the note refers to.
    public static func mayServe(_ hash: AttachmentHash, of note: Note) -> Bool {
        AttachmentReference.scan(note.body).contains { $0.hash == hash }
    }

    /// The path of a share's page: `/s/<secret>`.
    public static func path(of share: Share) -> String {
        "/s/" + share.secret
    }

    /// Where a link of a shared page leads: the page of the share of the note it resolved to, if
    /// that note has an active share among `shares` (the account's shares of the linked notes);
    /// `nil` otherwise, and the link is shown as its text alone.
    public static func destination(of resolution: LinkResolution?, shares: [Share], at now: Date) -> String? {
        guard let target = resolution?.chosen?.id else { return nil }
        return shares.first { $0.note == target && state(of: $0, at: now) == .active }.map(path(of:))
    }

    /// Whether `text` could be a share's secret: up to 128 lowercase letters and digits (made
    /// ones are 64 hexadecimal digits). Anything else is answered as an unknown share without
    /// asking the store.
    public static func isSecretShaped(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.allSatisfy { (48...57).contains($0) || (97...122).contains($0) }
    }

    // MARK: Published sites

    /// Whether `slug` may name a site: 1...64 of `a-z`, `0-9` and `-`, neither starting nor ending with `-`.
    public static func isValidSlug(_ slug: String) -> Bool {
        let bytes = Array(slug.utf8)
        return (1...64).contains(bytes.count) && bytes.first != UInt8(ascii: "-") && bytes.last != UInt8(ascii: "-")
            && bytes.allSatisfy { (48...57).contains($0) || (97...122).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// Whether `note` is on `site`: live, and holding the site's tag. A note that loses the tag
    /// leaves the site at once, its page and attachments with it.
    public static func isPublished(_ note: Note, on site: PublishedSite) -> Bool {
        !note.isDeleted && note.tags.contains(site.tag)
    }

    /// `/p/<slug>/`: the site's index.
    public static func path(of site: PublishedSite) -> String {
        "/p/" + site.slug + "/"
    }

    /// `/p/<slug>/<id>`: a published note's page.
    public static func path(of note: NoteID, on site: PublishedSite) -> String {
        path(of: site) + note.rawValue
    }

    /// Where a link of a published page leads: the page of the note it resolved to, if that note
    /// is on the site (`published`); `nil` otherwise, and the link is shown as its text alone.
    public static func destination(of resolution: LinkResolution?, on site: PublishedSite, published: Set<NoteID>) -> String? {
        guard let target = resolution?.chosen?.id, published.contains(target) else { return nil }
        return path(of: target, on: site)
    }

    /// Notes on one page of a site's index, and entries in its feed.
    public static let sitePageSize = 50
    /// How long a proxy or browser may keep a site's page before asking again (its `ETag` then
    /// answers 304 when nothing changed): published pages are meant to be read and cached, and a
    /// note that leaves the site is gone from caches within this.
    public static let siteCacheControl = "public, max-age=60"
}
