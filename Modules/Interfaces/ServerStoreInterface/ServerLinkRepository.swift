import QuillModels

/// The links between an account's notes, kept by each store in the transaction that writes a
/// note (docs/links.md): each live note's links and the names it answers to
/// (`LinkIndexEntry`), resolved when read by the one rule (`LinkResolution`).
///
/// Exists so that the API and the web reader ask for a note's links and backlinks without a
/// scan of the account's notes; nothing is shared across accounts.
public protocol ServerLinkRepository: Sendable {
    /// The links written in the account's live note `id`, in order; empty if there is none.
    func links(from id: NoteID, account: AccountID) async throws -> [ResolvedLink]
    /// The links of the account's live notes that reach note `id`, by linking note's ID and
    /// position.
    func backlinks(to id: NoteID, account: AccountID) async throws -> [ResolvedLink]
    /// Up to `limit` links that reach no note, by linking note's ID and position, after `after`.
    func brokenLinks(account: AccountID, after: LinkPosition?, limit: Int) async throws -> BrokenLinkPage
}

/// Where a link sits among an account's links: its note, and its place among that note's links.
/// Written `<note ID>.<position>` in the API's paging cursor.
public struct LinkPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let note: NoteID
    public let position: Int

    public init(note: NoteID, position: Int) {
        self.note = note
        self.position = position
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let note = NoteID(String(parts[0])), let position = Int(parts[1]), position >= 0 else { return nil }
        self.init(note: note, position: position)
    }

    public var description: String { "\(note.rawValue).\(position)" }

    public static func < (lhs: LinkPosition, rhs: LinkPosition) -> Bool {
        lhs.note != rhs.note ? lhs.note < rhs.note : lhs.position < rhs.position
    }
}

/// A page of broken links, each with its position; `next` is set when more may follow.
public struct BrokenLinkPage: Sendable {
    public let links: [(position: LinkPosition, link: ResolvedLink)]
    public let next: LinkPosition?

    public init(links: [(position: LinkPosition, link: ResolvedLink)], next: LinkPosition?) {
        self.links = links
        self.next = next
    }
}

/// Gathers a page of broken links from the candidates a store reads in order, a batch of up to
/// `limit` at a time after `cursor`: a link whose target is no note's name may still reach a note
/// by an ID prefix, so a batch can hold fewer broken links than it has rows, and the store reads
/// on until the page is full or the candidates run out. One rule for every store that reads
/// candidates so (SQLite, PostgreSQL).
public struct BrokenLinkPageCollector: Sendable {
    public let limit: Int
    /// Where the next batch starts: after this link (`nil`: from the first).
    public private(set) var cursor: LinkPosition?
    private var found: [(position: LinkPosition, link: ResolvedLink)] = []

    public init(after: LinkPosition?, limit: Int) {
        cursor = after
        self.limit = limit
    }

    /// Takes the next batch of candidates; the page once it is complete, `nil` while more must be read.
    public mutating func add(_ batch: [(position: LinkPosition, link: ResolvedLink)]) -> BrokenLinkPage? {
        found += batch.filter(\.link.resolution.isBroken)
        let exhausted = batch.count < limit
        guard found.count < limit, !exhausted, let last = batch.last else {
            let page = Array(found.prefix(limit))
            return BrokenLinkPage(links: page, next: exhausted && found.count <= limit ? nil : page.last?.position)
        }
        cursor = last.position
        return nil
    }
}
