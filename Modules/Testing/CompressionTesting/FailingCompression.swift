import CompressionInterface

/// Wraps a real or fake implementation and fails on purpose once a number of input bytes
/// has gone through, or at creation.
///
/// Exists to prove that callers turn a compression failure in the middle of a stream into a
/// clear error and leave nothing half-done (no partial import, no half-written export claimed as done).
public struct FailingCompression: Compressing, Decompressing {
    public enum Trigger: Hashable, Sendable {
        case atCreation
        case afterInputBytes(Int)
    }

    private let compressing: any Compressing
    private let decompressing: any Decompressing
    private let failure: CompressionError
    private let trigger: Trigger

    public init(wrapping compressing: any Compressing, _ decompressing: any Decompressing,
                failure: CompressionError, trigger: Trigger) {
        self.compressing = compressing
        self.decompressing = decompressing
        self.failure = failure
        self.trigger = trigger
    }

    public func makeCompressor(level: CompressionLevel) throws(CompressionError) -> any Compressor {
        guard case .afterInputBytes(let budget) = trigger else { throw failure }
        return FailingCompressor(wrapped: try compressing.makeCompressor(level: level), budget: budget, failure: failure)
    }

    public func makeDecompressor(limits: DecompressionLimits) throws(CompressionError) -> any Decompressor {
        guard case .afterInputBytes(let budget) = trigger else { throw failure }
        return FailingDecompressor(wrapped: try decompressing.makeDecompressor(limits: limits), budget: budget, failure: failure)
    }
}

final class FailingCompressor: Compressor {
    private let wrapped: any Compressor
    private var budget: Int
    private let failure: CompressionError

    init(wrapped: any Compressor, budget: Int, failure: CompressionError) {
        self.wrapped = wrapped
        self.budget = budget
        self.failure = failure
    }

    func compress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        budget -= input.count
        guard budget >= 0 else { throw failure }
        try wrapped.compress(input, into: &output)
    }

    func finish(into output: inout [UInt8]) throws(CompressionError) {
        try wrapped.finish(into: &output)
    }
}

final class FailingDecompressor: Decompressor {
    private let wrapped: any Decompressor
    private var budget: Int
    private let failure: CompressionError

    init(wrapped: any Decompressor, budget: Int, failure: CompressionError) {
        self.wrapped = wrapped
        self.budget = budget
        self.failure = failure
    }

    func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        budget -= input.count
        guard budget >= 0 else { throw failure }
        try wrapped.decompress(input, into: &output)
    }

    func finish() throws(CompressionError) {
        try wrapped.finish()
    }
}
