import QuillModels

/// A Bloom filter of the IDs a bulk creation has added: answers "certainly not added" without
/// a file-system lookup, in a fixed 2 MiB however large the batch.
///
/// Exists for imports into a store that had no notes: there, an ID the filter has not seen
/// cannot be taken, so the 100,000 presence lookups of a large import (each one a path lookup
/// that also contends with the file creations for the notes directory) are skipped. A false
/// "maybe" only costs the lookup that would have been made anyway.
struct AddedIDFilter: Sendable {
    private var words = [UInt64](repeating: 0, count: Self.bitCount / 64)
    private static let bitCount = 1 << 24
    private static let probes = 4

    mutating func insert(_ id: NoteID) {
        let (a, b) = Self.hashes(of: id)
        for probe in 0..<Self.probes {
            let bit = Self.bit(probe, a, b)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    func mayContain(_ id: NoteID) -> Bool {
        let (a, b) = Self.hashes(of: id)
        for probe in 0..<Self.probes {
            let bit = Self.bit(probe, a, b)
            if words[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    /// Two hashes for double hashing; the filter lives in one process, so the per-process seed
    /// of `Hasher` is fine.
    private static func hashes(of id: NoteID) -> (UInt, UInt) {
        var first = Hasher(), second = Hasher()
        first.combine(id.rawValue)
        second.combine(0x9E37_79B9)
        second.combine(id.rawValue)
        return (UInt(bitPattern: first.finalize()), UInt(bitPattern: second.finalize()) | 1)
    }

    private static func bit(_ probe: Int, _ a: UInt, _ b: UInt) -> Int {
        Int((a &+ UInt(probe) &* b) % UInt(bitCount))
    }
}
