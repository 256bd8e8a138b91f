import Foundation

/// The summary journal's bytes, walked line by line with `memchr` (the header checked, a last
/// line without its newline skipped), each line's ID found and checked to be what `NoteID`
/// accepts: the one walk of the scans that read every line but decode few (`ListingScan`,
/// `IDPrefixScan`), in parts on several cores where it pays.
///
/// Unchecked `Sendable`: it only reads, and the bytes (a mapping of the file, or a buffer) stay
/// valid until the scan that made it returns, which waits for every part it sent to a core.
struct JournalBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the first line after the header starts.
    let bodyStart: Int

    /// `nil` if the bytes do not start with the journal's header.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let header = Array((IndexLine.header + "\n").utf8)
        guard bytes.baseAddress != nil, bytes.starts(with: header) else { return nil }
        self.bytes = bytes
        bodyStart = header.count
    }

    /// One line: where it starts and ends (without its newline), and where its ID ends.
    struct Line {
        let start: Int
        let idEnd: Int
        let end: Int
    }

    /// The lines after the header cut into at most `count` runs of whole lines of about the same
    /// size, for scanning on several cores.
    func parts(_ count: Int) -> [Range<Int>] {
        guard let base = bytes.baseAddress else { return [] }
        var cuts = [bodyStart]
        for part in 1..<max(count, 1) {
            let middle = max(cuts[cuts.count - 1], bodyStart + (bytes.count - bodyStart) * part / count)
            guard middle < bytes.count, let newline = memchr(base + middle, 0x0a, bytes.count - middle) else { break }
            cuts.append(base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1)
        }
        cuts.append(bytes.count)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    }

    /// Calls `body` with each line of `range` (whole lines, as `parts` cuts them), in order;
    /// `false` if a line has no ID or, `validatingIDs`, one `NoteID` refuses, or `body` refused a
    /// line. A last line without its newline (cut short by a crash while appending) is skipped.
    func forEachLine(in range: Range<Int>, validatingIDs: Bool = true, _ body: (Line) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var start = range.lowerBound
        while start < range.upperBound, let newline = memchr(base + start, 0x0a, range.upperBound - start) {
            let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            defer { start = end + 1 }
            guard end > start else { continue }
            guard let tab = memchr(base + start, 0x09, end - start) else { return false }
            let line = Line(start: start, idEnd: base.distance(to: tab.assumingMemoryBound(to: UInt8.self)), end: end)
            guard !validatingIDs || hasValidID(line), body(line) else { return false }
        }
        return true
    }

    /// Calls `body` with each line after the header, as `forEachLine(in:)` does.
    func forEachLine(_ body: (Line) -> Bool) -> Bool {
        forEachLine(in: bodyStart..<bytes.count, body)
    }

    /// The line's bytes, for `IndexLine.decode` and `IndexLineFields`.
    func slice(_ line: Line) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[line.start..<line.end] }

    /// Whether two lines are of the same note.
    func sameID(_ a: Line, _ b: Line) -> Bool {
        let count = a.idEnd - a.start
        guard count == b.idEnd - b.start, let base = bytes.baseAddress else { return false }
        return memcmp(base + a.start, base + b.start, count) == 0
    }

    /// Whether `a`'s ID sorts before `b`'s (as `NoteID`s do: by their text).
    func idPrecedes(_ a: Line, _ b: Line) -> Bool {
        bytes[a.start..<a.idEnd].lexicographicallyPrecedes(bytes[b.start..<b.idEnd])
    }

    /// A hash of the line's ID, from its bytes eight at a time.
    func idHash(_ line: Line) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base + line.start)
        let count = line.idEnd - line.start
        var hash: UInt64 = UInt64(count) &* 0x9e37_79b9_7f4a_7c15
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 32
            offset += 8
        }
        while offset < count {
            hash = (hash ^ UInt64(raw.load(fromByteOffset: offset, as: UInt8.self))) &* 0xc4ce_b9fe_1a85_ec53
            offset += 1
        }
        return hash ^ (hash >> 29)
    }

    /// Whether the line's ID is what `NoteID` accepts: 1...64 lowercase hexadecimal digits.
    func hasValidID(_ line: Line) -> Bool {
        guard (1...64).contains(line.idEnd - line.start), let base = bytes.baseAddress else { return false }
        for offset in line.start..<line.idEnd {
            let byte = base[offset]
            guard (byte &- UInt8(ascii: "0")) < 10 || (byte &- UInt8(ascii: "a")) < 6 else { return false }
        }
        return true
    }
}
