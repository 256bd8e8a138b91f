import QuillModels

/// A position in one account's change feed.
///
/// Every write to an account takes the next number of that account's change sequence; a
/// cursor is such a number, so "changes after a cursor" is one range scan whatever the
/// account's size. On the wire it is an opaque string.
public struct ChangeCursor: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let sequence: Int64
    /// The longest cursor in its wire form.
    public static let maximumDigits = 18

    public init(sequence: Int64) { self.sequence = sequence }

    /// Before the first change of every account.
    public static let beginning = ChangeCursor(sequence: 0)

    /// Parses the wire form; `nil` for anything that is not a cursor this server handed out.
    /// At most 18 digits, as docs/openapi.yaml says: every such number is an `Int64` (19 digits
    /// would admit numbers above its largest), and no feed reaches 10^18 changes.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumDigits, text.utf8.allSatisfy({ (48...57).contains($0) }),
              let sequence = Int64(text) else { return nil }
        self.sequence = sequence
    }

    public var description: String { String(sequence) }

    public static func < (lhs: ChangeCursor, rhs: ChangeCursor) -> Bool { lhs.sequence < rhs.sequence }
}

/// One page of an account's change feed, as a store reads it (the client's side of the feed
/// is `SyncTransportInterface.PulledChangePage`).
public struct AccountChangePage: Hashable, Sendable {
    /// The notes written after the requested cursor, tombstones included, in write order,
    /// each at most once (its latest version).
    public let notes: [Note]
    /// Where the next page starts (the requested cursor when the page is empty).
    public let next: ChangeCursor
    /// Whether more changes follow `next` right now.
    public let hasMore: Bool
    /// The page's changes that could not be read, in write order (left out of `notes`).
    public let unreadable: [UnreadableNote]
    /// The cursor of each of `notes` (the change that wrote it), in the same order: where a reader
    /// that has taken that note stands (an event stream's event IDs).
    public let cursors: [ChangeCursor]

    public init(notes: [Note], cursors: [ChangeCursor], next: ChangeCursor, hasMore: Bool, unreadable: [UnreadableNote] = []) {
        self.notes = notes
        self.cursors = cursors
        self.next = next
        self.hasMore = hasMore
        self.unreadable = unreadable
    }
}
