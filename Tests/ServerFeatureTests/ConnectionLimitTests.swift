@testable import ServerFeature
import Testing

/// The count behind `ConnectionLimitHandler`: accepting pauses once at the limit and goes on
/// once below it; the limit leaves descriptors for everything else.
@Suite struct ConnectionLimitTests {
    @Test func acceptingPausesAtTheLimitAndGoesOnBelowIt() {
        let limit = ConnectionLimit(maximum: 2)
        #expect(!limit.opened() && limit.accepts)
        #expect(limit.opened() && !limit.accepts)
        #expect(!limit.opened(), "already paused")
        #expect(!limit.closed() && !limit.accepts, "three open, still at the limit")
        #expect(limit.closed() && limit.accepts)
        #expect(!limit.closed() && limit.accepts)
    }

    @Test func aReserveOfAQuarterAndAtLeast64DescriptorsIsKept() {
        #expect(ConnectionLimit.connections(descriptorLimit: 128) == 64)
        #expect(ConnectionLimit.connections(descriptorLimit: 1024) == 768)
        #expect(ConnectionLimit.connections(descriptorLimit: 524_288) == 393_216)
        #expect(ConnectionLimit.connections(descriptorLimit: 20) == 1)
    }
}
