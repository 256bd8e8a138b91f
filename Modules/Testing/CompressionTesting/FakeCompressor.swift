import CompressionInterface

/// Writes the fake format: magic, run-length-encoded blocks, trailer.
final class FakeCompressor: Compressor {
    private var block: [UInt8] = []
    private var totalLength: UInt64 = 0
    private var totalChecksum = FakeFormat.checksum([])
    private var wroteMagic = false
    private var finished = false

    func compress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        guard !finished else { throw .libraryFailure("compress called after finish") }
        for byte in input {
            block.append(byte)
            if block.count == FakeFormat.blockBytes { flushBlock(into: &output) }
        }
    }

    func finish(into output: inout [UInt8]) throws(CompressionError) {
        guard !finished else { throw .libraryFailure("finish called twice") }
        finished = true
        flushBlock(into: &output)
        writeMagicOnce(into: &output)
        FakeFormat.append(UInt32(0), to: &output)
        FakeFormat.append(totalLength, to: &output)
        FakeFormat.append(totalChecksum, to: &output)
    }

    private func flushBlock(into output: inout [UInt8]) {
        writeMagicOnce(into: &output)
        guard !block.isEmpty else { return }
        var encoded: [UInt8] = []
        var index = 0
        while index < block.count {
            var run = 1
            while run < 255, index + run < block.count, block[index + run] == block[index] { run += 1 }
            encoded.append(UInt8(run))
            encoded.append(block[index])
            index += run
        }
        FakeFormat.append(UInt32(encoded.count), to: &output)
        output.append(contentsOf: encoded)
        FakeFormat.append(FakeFormat.checksum(block), to: &output)
        totalLength += UInt64(block.count)
        totalChecksum = FakeFormat.checksum(block, seed: totalChecksum)
        block.removeAll(keepingCapacity: true)
    }

    private func writeMagicOnce(into output: inout [UInt8]) {
        guard !wroteMagic else { return }
        wroteMagic = true
        output.append(contentsOf: FakeFormat.magic)
    }
}
