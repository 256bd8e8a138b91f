import NIOCore
@testable import ServerFeature
import Synchronization
import Testing

/// A streamed export waits for its client: once `highWatermark` pieces wait, the exporter's
/// `waitForRoom` returns only after the client has taken them down to half; a client that goes
/// away ends the wait and the export.
@Suite struct StreamingSinkTests {
    final class Flag: Sendable {
        let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// Whether `flag` is set within about a second (checked every few milliseconds).
    func becomes(_ flag: Flag) async throws -> Bool {
        for _ in 0..<200 where !flag.isSet { try await Task.sleep(for: .milliseconds(5)) }
        return flag.isSet
    }

    func write(_ sink: StreamingSink, _ byte: UInt8) throws {
        try [UInt8](repeating: byte, count: 100).withUnsafeBytes { try sink.write($0) }
    }

    @Test func theExporterWaitsWhileTheClientHasNotTakenWhatWaits() async throws {
        let sink = StreamingSink()
        for byte in 0..<UInt8(StreamingSink.highWatermark) { try write(sink, byte) }
        let roomy = Flag()
        let writer = Task {
            await sink.waitForRoom()
            roomy.set()
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(!roomy.isSet, "no room while every piece waits")
        let pieces = sink.pieces.makeAsyncIterator()
        var taken: [UInt8] = []
        for _ in 0..<(StreamingSink.highWatermark / 2 + 1) { taken.append(try #require(try await pieces.next()).readableBytesView.first!) }
        #expect(try await becomes(roomy), "room once the client took them down to half")
        #expect(taken == Array(0..<UInt8(StreamingSink.highWatermark / 2 + 1)), "in order")
        await writer.value
        sink.finish()
        var rest = 0
        while try await pieces.next() != nil { rest += 1 }
        #expect(rest == StreamingSink.highWatermark - taken.count)
    }

    @Test func aClientThatGoesAwayEndsTheWaitAndTheExport() async throws {
        let sink = StreamingSink()
        let stopped = Flag(), roomy = Flag()
        sink.onTermination { stopped.set() }
        for byte in 0..<UInt8(StreamingSink.highWatermark) { try write(sink, byte) }
        let writer = Task {
            await sink.waitForRoom()
            roomy.set()
        }
        do {
            let pieces = sink.pieces.makeAsyncIterator()
            _ = try await pieces.next()
        }
        #expect(try await becomes(stopped), "the response's end stops the export")
        #expect(try await becomes(roomy))
        await writer.value
        #expect(throws: (any Error).self) { try write(sink, 9) }
    }
}
