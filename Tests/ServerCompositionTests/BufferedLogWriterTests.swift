import ChildProcesses
import Foundation
import ServerComposition
import Synchronization
import Testing

/// The log writer behind `quill-server`'s request log: lines arrive whole and in order, nothing
/// buffered is lost at shutdown, and a sink slower than the logging costs dropped (and counted)
/// lines, never a blocked caller or unbounded memory.
@Suite struct BufferedLogWriterTests {
    @Test func linesFromSeveralThreadsArriveWholeAndInOrderAndAllAreWrittenByShutdown() async throws {
        let sink = CollectingSink()
        let writer = BufferedLogWriter(capacity: 1 << 24, sink: sink.write)
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 { writer.append(Array("p\(producer) \(index)\n".utf8)) }
                }
            }
        }
        writer.shutdown()
        let lines = sink.text.split(separator: "\n")
        #expect(lines.count == 8_000)
        for producer in 0..<4 {
            let own = lines.filter { $0.hasPrefix("p\(producer) ") }.map { Int($0.split(separator: " ")[1]) }
            #expect(own == Array(0..<2_000), "producer \(producer)'s lines are out of order or torn")
        }
        #expect(writer.droppedCount == 0)
    }

    @Test func aFullBufferDropsAndCountsInsteadOfBlockingAndSaysSoOnceDrained() async throws {
        let sink = CollectingSink()
        let gate = DispatchSemaphore(value: 0)
        let entered = Flag()
        // The sink is stuck until the gate opens: the writer cannot drain.
        let writer = BufferedLogWriter(capacity: 100) { bytes in
            entered.raise()
            gate.wait()
            sink.write(bytes)
        }
        writer.append(Array("first\n".utf8))
        try await BoundedWait.until("the writer has taken \"first\" and is stuck in the sink") { entered.isRaised }
        // The sink stays stuck until the appends have returned: an append that waited for it
        // would never return, and the bound would fail the test (the gate is opened either way).
        let line = Array(String(repeating: "x", count: 9).utf8) + [UInt8(ascii: "\n")]
        let appended = Flag()
        Thread {
            for _ in 0..<50 { writer.append(line) }
            appended.raise()
        }.start()
        do {
            try await BoundedWait.until("50 appends return while the sink is stuck", within: .seconds(10)) { appended.isRaised }
        } catch {
            Issue.record("append waited for the sink: \(error)")
        }
        #expect(writer.droppedCount == 40, "100 bytes hold ten 10-byte lines; the other 40 are dropped")
        for _ in 0..<10 { gate.signal() }
        writer.shutdown()
        #expect(sink.text.hasPrefix("first\n"))
        #expect(sink.text.components(separatedBy: "xxxxxxxxx\n").count - 1 == 10)
        #expect(sink.text.contains("40 log lines dropped"))
    }

    @Test func linesThatArriveWhileTheSinkIsBusyAreWrittenInOneBatch() async throws {
        let sink = CollectingSink()
        let gate = DispatchSemaphore(value: 0)
        let entered = Flag()
        let writer = BufferedLogWriter(batchInterval: .zero) { bytes in
            if !entered.isRaised {
                entered.raise()
                gate.wait()
            }
            sink.write(bytes)
        }
        writer.append(Array("first\n".utf8))
        try await BoundedWait.until("the writer is busy writing \"first\"") { entered.isRaised }
        for index in 0..<1_000 { writer.append(Array("line \(index)\n".utf8)) }
        gate.signal()
        writer.shutdown()
        #expect(sink.text.split(separator: "\n").count == 1_001)
        #expect(sink.calls == 2, "\(sink.calls) writes: the 1,000 lines buffered while the sink was busy should be one")
    }

    @Test func linesAfterShutdownAreDroppedAndShutdownTwiceIsHarmless() {
        let sink = CollectingSink()
        let writer = BufferedLogWriter(sink: sink.write)
        writer.append(Array("kept\n".utf8))
        writer.shutdown()
        writer.append(Array("late\n".utf8))
        writer.shutdown()
        #expect(sink.text == "kept\n")
    }
}

/// Collects what a writer drains, for a test to read.
final class CollectingSink: Sendable {
    private let state = Mutex<(bytes: [UInt8], calls: Int)>(([], 0))

    var write: BufferedLogWriter.Sink {
        { [self] new in
            state.withLock { state in
                state.bytes += new
                state.calls += 1
            }
        }
    }

    var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }
    var calls: Int { state.withLock { $0.calls } }
}

/// A flag one thread raises and another reads.
final class Flag: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    var isRaised: Bool { raised.withLock { $0 } }
}
