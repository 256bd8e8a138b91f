/// Paths with the size and SHA-256 of their content, kept compactly in memory (about 120
/// bytes per entry), found by path.
///
/// Exists for `ManifestCheck` when an archive's entries are not in its manifest's order
/// (re-packed by another tool): then entries are matched by path. It also catches a path
/// that appears twice.
struct EntryLedger {
    private var pathBytes: [UInt8] = []
    private var pathEnds: [Int] = []
    private var digests: [UInt8] = []
    private var sizes: [Int64] = []
    /// Open addressing on the path's hash: entry index + 1, 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 1024)

    var count: Int { sizes.count }

    /// Records an entry whose 32-byte SHA-256 is known; `false` if its path is already there.
    mutating func record(path: String, sha256: [UInt8], size: Int64) -> Bool {
        guard sha256.count == 32, index(of: path) == nil else { return false }
        if (count + 1) * 2 > slots.count { grow() }
        pathBytes.append(contentsOf: path.utf8)
        pathEnds.append(pathBytes.count)
        digests.append(contentsOf: sha256)
        sizes.append(size)
        insert(count - 1)
        return true
    }

    /// The entry with this path, if recorded.
    func index(of path: String) -> Int? {
        let bytes = Array(path.utf8)
        var slot = Self.hash(bytes[...]) & (slots.count - 1)
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if self.path(entry).elementsEqual(bytes) { return entry }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    func path(of entry: Int) -> String { String(decoding: path(entry), as: UTF8.self) }
    func size(of entry: Int) -> Int64 { sizes[entry] }

    /// The 32 bytes of the entry's SHA-256.
    func sha256Bytes(of entry: Int) -> ArraySlice<UInt8> {
        digests[(entry * 32)..<(entry * 32 + 32)]
    }

    private func path(_ entry: Int) -> ArraySlice<UInt8> {
        pathBytes[(entry == 0 ? 0 : pathEnds[entry - 1])..<pathEnds[entry]]
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for entry in 0..<count { insert(entry) }
    }

    private mutating func insert(_ entry: Int) {
        var slot = Self.hash(path(entry)) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(entry + 1)
    }

    /// FNV-1a: stable, cheap, and good enough for paths (collisions only cost a probe).
    private static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
