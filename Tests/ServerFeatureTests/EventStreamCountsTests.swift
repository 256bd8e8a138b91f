import ServerStoreInterface
import Testing
@testable import ServerFeature

/// An account holds at most `maximumPerAccount` event streams; another account is not affected,
/// and a closed stream frees its slot.
@Suite struct EventStreamCountsTests {
    @Test func eachAccountHoldsAtMostTheLimit() {
        let counts = EventStreamCounts()
        let ann = AccountID(1), bea = AccountID(2)
        for _ in 0..<EventStreamCounts.maximumPerAccount { #expect(counts.take(ann)) }
        #expect(!counts.hasRoom(ann) && !counts.take(ann))
        #expect(counts.hasRoom(bea) && counts.take(bea))
        counts.release(ann)
        #expect(counts.hasRoom(ann) && counts.take(ann))
        #expect(counts.total == EventStreamCounts.maximumPerAccount + 1)
    }
}
