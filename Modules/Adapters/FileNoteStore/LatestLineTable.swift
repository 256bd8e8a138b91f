/// Which line of the summary journal is the last of its note: an open-addressing hash table of
/// line numbers keyed by the hash of each line's ID (`JournalBytes.idHash`).
///
/// A `Dictionary` of 100,000 IDs cost a listing more than everything else it does (hashing,
/// resizing, a key per note). Each slot of this table is one word, the upper half of the ID's
/// hash beside the line number, so a probe touches one cache line; IDs are compared only when
/// the halves agree. The slot is chosen by the same half, so the table grows by doubling
/// without hashing any ID again.
struct LatestLineTable {
    /// Per slot: the hash's upper 32 bits, then line number + 1 (0: empty).
    private var slots: [UInt64]
    private(set) var count = 0

    init(expectedNotes: Int) {
        var capacity = 16
        while capacity < 2 * expectedNotes { capacity *= 2 }
        slots = [UInt64](repeating: 0, count: capacity)
    }

    /// Records line `number` as the latest of its note, replacing an earlier line of the same
    /// note (`isSameNote` compares the IDs of a recorded line and this one).
    mutating func record(_ number: Int, hash: UInt64, isSameNote: (Int) -> Bool) {
        if 2 * (count + 1) > slots.count { grow() }
        let tag = hash & 0xffff_ffff_0000_0000
        let entry = tag | UInt64(number + 1)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot] != 0 {
            if slots[slot] & 0xffff_ffff_0000_0000 == tag, isSameNote(Self.line(slots[slot])) {
                slots[slot] = entry
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = entry
        count += 1
    }

    /// Whether a line of the note whose ID has `hash` is recorded (`isSameNote` compares).
    func contains(hash: UInt64, isSameNote: (Int) -> Bool) -> Bool {
        let tag = hash & 0xffff_ffff_0000_0000
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot] != 0 {
            if slots[slot] & 0xffff_ffff_0000_0000 == tag, isSameNote(Self.line(slots[slot])) { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// For each of `lineCount` lines, whether it is the latest of its note.
    func latestFlags(lineCount: Int) -> [Bool] {
        var flags = [Bool](repeating: false, count: lineCount)
        for entry in slots where entry != 0 { flags[Self.line(entry)] = true }
        return flags
    }

    private static func line(_ entry: UInt64) -> Int { Int(entry & 0xffff_ffff) - 1 }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
