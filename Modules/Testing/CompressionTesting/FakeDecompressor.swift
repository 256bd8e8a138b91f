import CompressionInterface

/// Reads the fake format incrementally, accepting several members one after another.
final class FakeDecompressor: Decompressor {
    private enum Expecting {
        case magic
        case blockLength
        case block(encodedLength: Int)
        case trailer
    }

    private let limits: DecompressionLimits
    private var pending: [UInt8] = []
    /// Where the unconsumed part of `pending` starts (consumed bytes are dropped once per call).
    private var start = 0
    private var expecting = Expecting.magic
    private var completedMembers = 0
    private var memberLength: UInt64 = 0
    private var memberChecksum = FakeFormat.checksum([])
    private var totalIn: Int64 = 0
    private var totalOut: Int64 = 0

    init(limits: DecompressionLimits) {
        self.limits = limits
    }

    func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        pending.removeFirst(start)
        start = 0
        pending.append(contentsOf: input)
        totalIn += Int64(input.count)
        while try step(into: &output) {}
    }

    func finish() throws(CompressionError) {
        if totalIn == 0 { throw .notGzip }
        if case .magic = expecting, start == pending.count { return }
        throw .truncated
    }

    /// Consumes one field if enough bytes are pending; returns whether it did.
    private func step(into output: inout [UInt8]) throws(CompressionError) -> Bool {
        switch expecting {
        case .magic:
            guard let magic = take(FakeFormat.magic.count) else {
                let partial = pending[start...]
                guard partial.elementsEqual(FakeFormat.magic.prefix(partial.count)) else { throw notMagic }
                return false
            }
            guard magic.elementsEqual(FakeFormat.magic) else { throw notMagic }
            memberLength = 0
            memberChecksum = FakeFormat.checksum([])
            expecting = .blockLength
        case .blockLength:
            guard let field = take(4) else { return false }
            let length = Int(FakeFormat.readUInt32(field))
            guard length <= FakeFormat.maximumEncodedBlockBytes, length % 2 == 0 else {
                throw .corrupt("invalid block length \(length)")
            }
            expecting = length == 0 ? .trailer : .block(encodedLength: length)
        case .block(let encodedLength):
            guard let field = take(encodedLength + 4) else { return false }
            let decoded = try decode(field.prefix(encodedLength))
            guard FakeFormat.checksum(decoded) == FakeFormat.readUInt32(field.suffix(4)) else { throw .checksumMismatch }
            totalOut += Int64(decoded.count)
            try limits.check(output: totalOut, input: totalIn)
            memberLength += UInt64(decoded.count)
            memberChecksum = FakeFormat.checksum(decoded, seed: memberChecksum)
            output.append(contentsOf: decoded)
            expecting = .blockLength
        case .trailer:
            guard let field = take(12) else { return false }
            guard FakeFormat.readUInt64(field.prefix(8)) == memberLength else { throw .lengthMismatch }
            guard FakeFormat.readUInt32(field.suffix(4)) == memberChecksum else { throw .checksumMismatch }
            completedMembers += 1
            expecting = .magic
        }
        return true
    }

    private var notMagic: CompressionError {
        completedMembers == 0 ? .notGzip : .corrupt("unexpected data after the end of the stream")
    }

    private func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard pending.count - start >= count else { return nil }
        let field = pending[start..<(start + count)]
        start += count
        return field
    }

    private func decode(_ encoded: ArraySlice<UInt8>) throws(CompressionError) -> [UInt8] {
        var decoded: [UInt8] = []
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let run = Int(encoded[index])
            guard run > 0 else { throw .corrupt("zero-length run") }
            decoded.append(contentsOf: repeatElement(encoded[index + 1], count: run))
            index += 2
        }
        return decoded
    }
}
