@testable import ArchiveFeature
import ByteStreamTesting
import CompressionInterface
import Testing

/// The read-ahead between the gzip stream and the tar reader: same bytes in the same order,
/// failures exactly where they happened, and a reader may stop early.
@Suite("Inflating prefetcher")
struct InflatingPrefetcherTests {
    /// "Decompresses" by copying each input byte four times; fails on its `failingStep`th call.
    final class RepeatingDecompressor: Decompressor {
        private let failingStep: Int?
        private var steps = 0

        init(failingStep: Int? = nil) {
            self.failingStep = failingStep
        }

        func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
            steps += 1
            for byte in input { output.append(contentsOf: repeatElement(byte, count: 4)) }
            if steps == failingStep { throw .corrupt("step \(steps)") }
        }

        func finish() throws(CompressionError) {}
    }

    static let input = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    func readAll(_ reader: DecompressingReader, step: Int) throws(ArchiveError) -> [UInt8] {
        var bytes: [UInt8] = []
        while let piece = try reader.read(step) { bytes += piece }
        return bytes
    }

    @Test(arguments: [1, 512, 70_000])
    func everyByteArrivesInOrder(readSize: Int) throws {
        let reader = DecompressingReader(source: InMemoryByteSource(Self.input, maximumReadSize: 3_000),
                                         decompressor: RepeatingDecompressor())
        let expected = Self.input.flatMap { repeatElement($0, count: 4) }
        let whole = expected.count / readSize * readSize
        #expect(try readAll(reader, step: readSize) == Array(expected[..<whole]))
    }

    /// The 16 KiB steps before the failing one arrive whole; nothing of the failing one does.
    @Test func aFailedStepIsReportedAfterTheStepsBeforeIt() throws {
        let reader = DecompressingReader(source: InMemoryByteSource(Self.input), decompressor: RepeatingDecompressor(failingStep: 3))
        reader.currentEntry = "notes/a.md"
        let before = 2 * 16 * 1024 * 4
        #expect(try reader.read(before).map(Array.init) == Array(Self.input.prefix(2 * 16 * 1024).flatMap { repeatElement($0, count: 4) }))
        #expect(throws: ArchiveError.compression(.corrupt("step 3"), entry: "notes/a.md")) { try reader.read(1) }
    }

    @Test func aSourceFailureIsAStreamError() {
        let reader = DecompressingReader(source: FailingByteSource(Self.input, failAfter: 10_000), decompressor: RepeatingDecompressor())
        #expect(throws: ArchiveError.stream(.readFailed("injected failure"))) { try readAll(reader, step: 4096) }
    }

    /// A reader dropped after one read must not leave the producer waiting for room forever
    /// (the test would hang, or libdispatch trap on the semaphore).
    @Test func aReaderMayStopEarly() throws {
        for _ in 0..<50 {
            let reader = DecompressingReader(source: InMemoryByteSource(Self.input + Self.input + Self.input),
                                             decompressor: RepeatingDecompressor())
            #expect(try reader.read(10) != nil)
        }
    }
}
