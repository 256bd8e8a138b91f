import Foundation

/// Links as a store read them, resolved by the model's rule once their targets' candidates are
/// known.
///
/// Exists so that a store only fetches: the rows of its links (`Row`), then, for each target
/// `targets` names, the notes that answer to it by name and, where `byIDPrefix` says so, by ID
/// prefix. Which targets to probe, each probed once however many links share it, and what the
/// links reach is decided here, the same for the CLI's index and the server's stores, whether
/// their queries are synchronous or not.
public struct LinkReading<Position: Sendable>: Sendable {
    /// One link as stored: where it sits in the store's order, the note it is written in, and its
    /// folded target.
    public struct Row: Sendable {
        public let position: Position
        public let source: NoteID
        public let sourceTitle: String
        public let link: NoteLink
        public let target: String

        public init(position: Position, source: NoteID, sourceTitle: String, link: NoteLink, target: String) {
            self.position = position
            self.source = source
            self.sourceTitle = sourceTitle
            self.link = link
            self.target = target
        }
    }

    /// A folded target to find candidates for, and whether notes may answer to it by ID prefix.
    public struct Target: Hashable, Sendable {
        public let folded: String
        public let byIDPrefix: Bool
    }

    public let rows: [Row]
    /// Each target of `rows` once, in the order first met.
    public let targets: [Target]

    public init(_ rows: [Row]) {
        self.rows = rows
        var seen: Set<String> = []
        targets = rows.compactMap { row in
            seen.insert(row.target).inserted ? Target(folded: row.target, byIDPrefix: LinkResolution.isIDPrefix(row.target)) : nil
        }
    }

    /// The rows' links, each resolved among the candidates found for its target (none found: broken).
    public func resolved(_ candidates: [String: [LinkResolution.Candidate]]) -> [(position: Position, link: ResolvedLink)] {
        var resolutions: [String: LinkResolution] = [:]
        return rows.map { row in
            let resolution = resolutions[row.target] ?? LinkResolution(candidates: candidates[row.target] ?? [])
            resolutions[row.target] = resolution
            return (row.position, ResolvedLink(source: row.source, sourceTitle: row.sourceTitle, link: row.link, resolution: resolution))
        }
    }
}

extension ResolvedLink {
    /// Whether this link is one of `id`'s backlinks: it resolves to that note.
    public func reaches(_ id: NoteID) -> Bool { resolution.chosen?.id == id }
}
