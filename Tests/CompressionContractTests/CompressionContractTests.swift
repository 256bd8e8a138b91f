import CompressionInterface
import StandardTesting
import Testing

@Suite("Compression contract")
struct CompressionContractTests {
    func compress(_ input: [UInt8], with implementation: Implementation, chunkMaximum: Int = 70_000, seed: UInt64 = 1) throws -> [UInt8] {
        let compressor = try implementation.compressing.makeCompressor(level: .standard)
        var output: [UInt8] = []
        for chunk in Inputs.chunks(of: input, maximum: chunkMaximum, seed: seed) {
            try compressor.compress(chunk, into: &output)
        }
        try compressor.finish(into: &output)
        return output
    }

    func decompress(_ input: [UInt8], with implementation: Implementation, limits: DecompressionLimits = .unlimited,
                    chunkMaximum: Int = 70_000, seed: UInt64 = 2) throws -> [UInt8] {
        let decompressor = try implementation.decompressing.makeDecompressor(limits: limits)
        var output: [UInt8] = []
        for chunk in Inputs.chunks(of: input, maximum: chunkMaximum, seed: seed) {
            try decompressor.decompress(chunk, into: &output)
        }
        try decompressor.finish()
        return output
    }

    @Test("round trip in arbitrary chunkings", arguments: Implementation.all, Inputs.names)
    func roundTrip(_ implementation: Implementation, inputName: String) throws {
        let input = Inputs.named(inputName)
        for (compressChunks, decompressChunks) in [(70_000, 70_000), (1_000, 61), (13, 100_000)] {
            let compressed = try compress(input, with: implementation, chunkMaximum: compressChunks)
            #expect(try decompress(compressed, with: implementation, chunkMaximum: decompressChunks) == input)
        }
    }

    @Test("every level round-trips", arguments: Implementation.all)
    func levels(_ implementation: Implementation) throws {
        let input = Inputs.named("large text")
        for level in CompressionLevel.range {
            let compressor = try implementation.compressing.makeCompressor(level: try CompressionLevel(level))
            let compressed = try compressor.compressAll(input)
            #expect(try decompress(compressed, with: implementation) == input)
        }
    }

    @Test("levels outside 1...9 are refused")
    func invalidLevel() {
        #expect(throws: CompressionError.invalidLevel(0)) { try CompressionLevel(0) }
        #expect(throws: CompressionError.invalidLevel(10)) { try CompressionLevel(10) }
    }

    @Test("concatenated streams read as the concatenation of their inputs", arguments: Implementation.all)
    func concatenation(_ implementation: Implementation) throws {
        let first = Inputs.named("large text")
        let second = Inputs.named("small")
        let joined = try compress(first, with: implementation) + compress([], with: implementation) + compress(second, with: implementation)
        #expect(try decompress(joined, with: implementation, chunkMaximum: 5_000) == first + second)
    }

    @Test("truncated input is reported as truncated", arguments: Implementation.all)
    func truncation(_ implementation: Implementation) throws {
        let small = try compress(Inputs.named("small"), with: implementation)
        for length in 1..<small.count {
            #expect(throws: CompressionError.truncated) {
                try decompress(Array(small.prefix(length)), with: implementation)
            }
        }
        let large = try compress(Inputs.named("random"), with: implementation)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let length = Int.random(in: 1..<large.count, using: &generator)
            #expect(throws: CompressionError.truncated) {
                try decompress(Array(large.prefix(length)), with: implementation)
            }
        }
    }

    @Test("empty or foreign input is not gzip", arguments: Implementation.all)
    func notCompressed(_ implementation: Implementation) {
        #expect(throws: CompressionError.notGzip) { try decompress([], with: implementation) }
        #expect(throws: CompressionError.notGzip) { try decompress(Array("plain text, not compressed".utf8), with: implementation) }
    }

    @Test("corrupted input is an error, never wrong output", arguments: Implementation.all)
    func corruption(_ implementation: Implementation) throws {
        let input = Inputs.named("large text")
        let compressed = try compress(input, with: implementation)
        var generator = SplitMix64(seed: 11)
        for _ in 0..<40 {
            var damaged = compressed
            let position = Int.random(in: 10..<damaged.count, using: &generator)
            damaged[position] ^= 0xFF
            #expect(throws: CompressionError.self) { try decompress(damaged, with: implementation) }
        }
    }

    @Test("data appended after a complete stream is an error", arguments: Implementation.all)
    func trailingGarbage(_ implementation: Implementation) throws {
        let compressed = try compress(Inputs.named("small"), with: implementation)
        #expect(throws: CompressionError.self) { try decompress(compressed + Array("junk".utf8), with: implementation) }
    }

    @Test("output limits stop decompression bombs", arguments: Implementation.all)
    func bombs(_ implementation: Implementation) throws {
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let compressed = try compress(zeros, with: implementation)
        let sizeLimit = DecompressionLimits(maximumOutputBytes: 1 << 20, maximumRatio: .max)
        #expect(throws: CompressionError.outputLimitExceeded(limit: 1 << 20)) {
            try decompress(compressed, with: implementation, limits: sizeLimit)
        }
        let ratioLimit = DecompressionLimits(maximumOutputBytes: .max, maximumRatio: 20, ratioGraceBytes: 64 << 10)
        #expect(throws: CompressionError.ratioLimitExceeded(limit: 20)) {
            try decompress(compressed, with: implementation, limits: ratioLimit)
        }
        let generous = DecompressionLimits(maximumOutputBytes: 8 << 20, maximumRatio: 2_000, ratioGraceBytes: 64 << 10)
        #expect(try decompress(compressed, with: implementation, limits: generous) == zeros)
    }
}
