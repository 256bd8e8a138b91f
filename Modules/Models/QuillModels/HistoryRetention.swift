import Foundation

/// How much of each note's history a store keeps: everything, the newest revisions, or the
/// revisions of a recent span (`history.keep`, docs/history.md). Pruning applies it, only when
/// asked (`quill history prune`, `quill-server history prune`).
///
/// Exists so that the CLI's store, the server's stores and the settings read one rule. It only
/// ever drops a note's oldest revisions, never the current one: a store keeps each revision as a
/// delta from the one after it, so what is left stays readable.
public enum HistoryRetention: Hashable, Sendable, CustomStringConvertible {
    /// Keep every revision (the default).
    case all
    /// Keep the newest this-many revisions of each note, the current one included (at least 1).
    case revisions(Int)
    /// Keep what a note was at every moment of the last this-many seconds: every revision
    /// replaced within the span, and the current one.
    case span(seconds: Int)

    private static let units: [(Character, Int)] = [("y", 31_536_000), ("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

    /// `all`, a count of revisions (`100`), or a span (`90d`, `26w`, `1y`; also `h`, `m`, `s`).
    public init?(_ text: String) {
        if text == "all" {
            self = .all
        } else if let count = Int(text) {
            guard count >= 1 else { return nil }
            self = .revisions(count)
        } else if let unit = text.last, let seconds = Self.units.first(where: { $0.0 == unit })?.1,
                  let amount = Int(text.dropLast()), amount >= 1, amount <= Int.max / seconds {
            self = .span(seconds: amount * seconds)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .all: return "all"
        case .revisions(let count): return String(count)
        case .span(let seconds):
            let (unit, size) = Self.units.first { seconds % $0.1 == 0 } ?? ("s", 1)
            return "\(seconds / size)\(unit)"
        }
    }

    /// How many of a note's oldest revisions to drop. `times` are its revisions' times, oldest
    /// first, the current revision's last. For a span, everything up to the newest revision
    /// replaced before the span began (a clock set back can put an older one after it).
    public func droppedCount(times: [Date], now: Date) -> Int {
        let earlier = max(0, times.count - 1)
        switch self {
        case .all:
            return 0
        case .revisions(let count):
            return max(0, times.count - count)
        case .span(let seconds):
            let start = now.addingTimeInterval(-Double(seconds))
            return (0..<earlier).last { times[$0 + 1] < start }.map { $0 + 1 } ?? 0
        }
    }
}

/// What pruning removed (or, for a dry run, would remove): revisions, and the notes they were of.
public struct PrunedHistory: Hashable, Sendable {
    public var notes: Int
    public var revisions: Int

    public init(notes: Int = 0, revisions: Int = 0) {
        self.notes = notes
        self.revisions = revisions
    }

    /// Counts a note of which `count` revisions go.
    public mutating func add(_ count: Int) {
        guard count > 0 else { return }
        notes += 1
        revisions += count
    }
}
