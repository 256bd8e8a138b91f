import ServerFeature
import Testing

/// How many connections a server holds at once: its descriptors less a reserve for the files
/// its requests open and the timers of the process.
@Suite struct ConnectionLimitTests {
    @Test func aReserveOfAQuarterAndAtLeast64DescriptorsIsKept() {
        #expect(ServerApplication.maximumConnections(descriptorLimit: 128) == 64)
        #expect(ServerApplication.maximumConnections(descriptorLimit: 1024) == 768)
        #expect(ServerApplication.maximumConnections(descriptorLimit: 524_288) == 393_216)
        #expect(ServerApplication.maximumConnections(descriptorLimit: 20) == 1)
    }
}
