import QuillModels

/// `PostgresSearchText.vector` for a note whose title and body are ASCII, the common case,
/// written from the bytes: a word is a run of letters and digits (`SearchText.isASCIIWordByte`),
/// folded to lower case, and the vector is written into one buffer, with no string per word
/// longer than a small string and no array per lexeme.
///
/// Building each pushed note's vector was three quarters of the server's CPU in a first push
/// on PostgreSQL (`Tools/benchmarks/sync.sh`). A property test holds this to the general path.
struct PostgresASCIIVector {
    private var slots: [String: Int32] = [:]
    private var lexemes: [String] = []
    /// How many positions each lexeme has kept (at most `maximumPositionsPerLexeme`).
    private var kept: [Int32] = []
    /// Every kept position in order: the lexeme's slot, the position, whether in the title.
    private var entries: [(slot: Int32, position: Int32, inTitle: Bool)] = []
    private var lexemeBytes = 0

    /// The vector, or `nil` when the title or the body is not ASCII.
    static func vector(title: String, body: String) -> PostgresVector? {
        var title = title, body = body
        return title.withUTF8 { titleBytes in
            body.withUTF8 { bodyBytes -> PostgresVector? in
                guard isASCII(titleBytes), isASCII(bodyBytes) else { return nil }
                var builder = PostgresASCIIVector()
                builder.slots.reserveCapacity(bodyBytes.count / 8)
                builder.entries.reserveCapacity(bodyBytes.count / 5)
                let titleWords = builder.add(titleBytes, from: 1, inTitle: true)
                builder.add(bodyBytes, from: titleWords + 2, inTitle: false)
                return builder.vector()
            }
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }

    /// Adds the words of `bytes`, the first at position `start`; returns how many words it held.
    @discardableResult
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, inTitle: Bool) -> Int {
        var words = 0
        var index = 0
        var folded = [UInt8](repeating: 0, count: 64)
        while index < bytes.count {
            guard SearchText.isASCIIWordByte(bytes[index]) else { index += 1; continue }
            let wordStart = index
            while index < bytes.count, SearchText.isASCIIWordByte(bytes[index]) { index += 1 }
            let length = index - wordStart
            let position = start + words
            words += 1
            guard length <= PostgresSearchText.maximumLexemeBytes else { continue }
            if folded.count < length { folded = [UInt8](repeating: 0, count: length) }
            for offset in 0..<length {
                let byte = bytes[wordStart + offset]
                folded[offset] = (byte &- 0x41) < 26 ? byte | 0x20 : byte
            }
            let word = folded.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[0..<length]), as: UTF8.self) }
            record(word, length: length, position: position, inTitle: inTitle)
        }
        return words
    }

    private mutating func record(_ word: String, length: Int, position: Int, inTitle: Bool) {
        let slot: Int32
        if let known = slots[word] {
            slot = known
        } else {
            lexemeBytes += length
            slot = Int32(lexemes.count)
            slots[word] = slot
            lexemes.append(word)
            kept.append(0)
        }
        guard kept[Int(slot)] < PostgresSearchText.maximumPositionsPerLexeme else { return }
        kept[Int(slot)] += 1
        entries.append((slot, Int32(position), inTitle))
    }

    /// Each lexeme, then its positions.
    private func vector() -> PostgresVector {
        // Where each lexeme's positions start in `ordered`, grouped by lexeme in order.
        var starts = [Int](repeating: 0, count: lexemes.count + 1)
        for slot in 0..<lexemes.count { starts[slot + 1] = starts[slot] + Int(kept[slot]) }
        var next = starts
        var ordered = [(position: Int32, inTitle: Bool)](repeating: (0, false), count: entries.count)
        for entry in entries {
            ordered[next[Int(entry.slot)]] = (entry.position, entry.inTitle)
            next[Int(entry.slot)] += 1
        }
        var vector = PostgresVector.Builder(reservingCapacity: 4 + lexemeBytes + 3 * lexemes.count + 2 * entries.count)
        for (slot, lexeme) in lexemes.enumerated() {
            guard vector.begin(lexeme: lexeme.utf8) else { break }
            for index in starts[slot]..<starts[slot + 1] {
                vector.add(position: Int(ordered[index].position), inTitle: ordered[index].inTitle)
            }
        }
        return vector.finish()
    }
}
