import CompressionInterface

/// The input of a tar that was never compressed (`tar -cf`), through the place a decompressor
/// has: its bytes are handed on as they are, within the output limit (`--max-size`), so that
/// the rest of the reading is the same for both.
final class UncompressedTarInput: Decompressor {
    private let limits: DecompressionLimits
    private var handedOn: Int64 = 0

    init(limits: DecompressionLimits) {
        self.limits = limits
    }

    func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        handedOn += Int64(input.count)
        guard handedOn <= limits.maximumOutputBytes else { throw .outputLimitExceeded(limit: limits.maximumOutputBytes) }
        output.append(contentsOf: input.bindMemory(to: UInt8.self))
    }

    func finish() throws(CompressionError) {}
}
