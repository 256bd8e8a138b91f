import Foundation

/// Which note a link reaches, by the one rule every layer applies: a title beats an alias, an
/// alias beats an ID prefix; among notes equal by that, the most recently updated wins (then
/// the smaller ID), and the link is ambiguous.
///
/// Exists so that the CLI's index, the in-memory fake and the server resolve alike: each finds
/// the candidates its own way (an index lookup per name) and hands them to `init(candidates:)`.
/// Links are resolved when read, not when written, so a new note or a rename changes what a
/// link reaches at once.
public struct LinkResolution: Hashable, Sendable {
    /// How a candidate answers to the link's target.
    public enum Match: Int, Comparable, Hashable, Sendable {
        case title = 0, alias = 1, idPrefix = 2

        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A note a link's target names.
    public struct Candidate: Hashable, Sendable {
        public let id: NoteID
        public let title: String
        public let updated: Date
        public let match: Match

        public init(id: NoteID, title: String, updated: Date, match: Match) {
            self.id = id
            self.title = title
            self.updated = updated
            self.match = match
        }

        /// A candidate as a store's row holds it: the ID's text, the update time in milliseconds
        /// and the match's raw value; `nil` when the ID or the match is not one.
        public init?(storedID: String, title: String, updatedMilliseconds: Int64, match: Int) {
            guard let id = NoteID(storedID), let match = Match(rawValue: match) else { return nil }
            self.init(id: id, title: title, updated: Date(millisecondsSince1970: updatedMilliseconds), match: match)
        }
    }

    /// The note reached; `nil` when the link is broken.
    public let chosen: Candidate?
    /// The other notes that tie with it (empty unless the link is ambiguous).
    public let alternatives: [Candidate]

    public var isBroken: Bool { chosen == nil }
    public var isAmbiguous: Bool { !alternatives.isEmpty }

    /// An ID prefix shorter than this names no note: `[[a]]` is not a link by ID.
    public static let minimumIDPrefix = 4

    /// Whether a folded target can name notes by ID prefix.
    public static func isIDPrefix(_ folded: String) -> Bool {
        folded.utf8.count >= minimumIDPrefix && NoteID(folded) != nil
    }

    /// The folded targets that may reach the note `id` answering to `names`: each name, and each
    /// prefix of its ID long enough to count. Finding backlinks probes each, then keeps the links
    /// that resolve to the note.
    public static func targets(naming id: NoteID, names: [String]) -> [String] {
        let prefixes = id.rawValue.count < minimumIDPrefix ? [] : (minimumIDPrefix...id.rawValue.count).map { String(id.rawValue.prefix($0)) }
        var seen: Set<String> = []
        return (names + prefixes).filter { seen.insert($0).inserted }
    }

    public init(candidates: [Candidate]) {
        var best: [NoteID: Candidate] = [:]
        for candidate in candidates where best[candidate.id].map({ candidate.match < $0.match }) ?? true {
            best[candidate.id] = candidate
        }
        let ordered = best.values.sorted { left, right in
            if left.match != right.match { return left.match < right.match }
            if left.updated != right.updated { return left.updated > right.updated }
            return left.id < right.id
        }
        chosen = ordered.first
        alternatives = ordered.dropFirst().filter { $0.match == ordered.first?.match }
    }
}
