import Foundation

/// The fields of one summary-journal line (`IndexLine`), found without decoding it: the
/// deletion flag, the update time and the tags are read from the bytes where they stand.
///
/// Exists for the scan that looks at every note but shows a few (`ListingScan`): it finds the
/// notes it prints from these, and decodes only their lines whole.
struct IndexLineFields {
    /// Where each of the seven fields starts.
    private let starts: (Int, Int, Int, Int, Int, Int, Int)
    let line: Slice<UnsafeBufferPointer<UInt8>>

    /// `nil` if the line does not have seven fields.
    init?(_ line: Slice<UnsafeBufferPointer<UInt8>>) {
        guard let base = line.base.baseAddress else { return nil }
        func field(after start: Int) -> Int? {
            guard start < line.endIndex, let tab = memchr(base + start, 0x09, line.endIndex - start) else { return nil }
            return base.distance(to: tab.assumingMemoryBound(to: UInt8.self)) + 1
        }
        guard let revision = field(after: line.startIndex), let deleted = field(after: revision),
              let created = field(after: deleted), let updated = field(after: created),
              let tags = field(after: updated), let title = field(after: tags) else { return nil }
        self.line = line
        starts = (line.startIndex, revision, deleted, created, updated, tags, title)
    }

    var isDeleted: Bool { starts.3 - starts.2 == 2 && line.base[starts.2] == UInt8(ascii: "1") }
    var updatedMilliseconds: Int64? { IndexLine.integer(line.base[starts.4..<(starts.5 - 1)]) }

    /// Whether the tags (comma-separated) include a tag in one of its stored forms
    /// (`Tag.storedForms`), each given as its bytes.
    func hasTag(_ forms: [[UInt8]]) -> Bool {
        let bytes = line.base
        let end = starts.6 - 1
        var start = starts.5
        while start < end {
            var stop = start
            while stop < end, bytes[stop] != UInt8(ascii: ",") { stop += 1 }
            for tag in forms where stop - start == tag.count && tag.indices.allSatisfy({ bytes[start + $0] == tag[$0] }) { return true }
            start = stop + 1
        }
        return false
    }
}
