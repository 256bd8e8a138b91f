/// Which revision a write over a note may replace: the one rule of every door that writes over a
/// note it read (the API's `If-Match`, the web reader's edit form, a restore), so that no write
/// lands on a version its writer never saw.
///
/// A write names the revision it read (`exactly`); when the note has moved on since, the edit is
/// merged with the current version if they change different lines (`ThreeWayMerge`), and refused
/// otherwise (the API answers 412 with the current revision; the web reader shows both versions).
/// Or it applies to whatever is current (`current`: a `PATCH` or a restore without `If-Match`,
/// which read the note themselves). The stores then write with compare-and-set on the revision
/// they were handed, so a write landing between the check and the store is refused the same way.
public enum ReplacedRevision: Hashable, Sendable {
    case exactly(Int)
    case current

    /// The revision the writer read, when the note is now at `current`.
    public func read(current: Int) -> Int {
        switch self {
        case .exactly(let read): read
        case .current: current
        }
    }

    /// Whether the write may replace a note that is now at `revision` as it is, without a merge.
    public func allows(replacing revision: Int) -> Bool {
        switch self {
        case .exactly(let expected): expected == revision
        case .current: true
        }
    }
}
