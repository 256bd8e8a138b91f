import CompressionInterface
import CZlib

/// One gzip member being written with `deflate`.
final class ZlibGzipCompressor: Compressor {
    private let stream: UnsafeMutablePointer<z_stream>
    private let scratch: UnsafeMutablePointer<UInt8>
    private var finished = false

    init(level: CompressionLevel) throws(CompressionError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        scratch = .allocate(capacity: zlibStepBytes)
        let status = quill_deflateInit2(stream, Int32(level.value), Z_DEFLATED, gzipWindowBits, 8, Z_DEFAULT_STRATEGY)
        guard status == Z_OK else {
            stream.deallocate()
            scratch.deallocate()
            throw ZlibStatus.error(status, stream: nil)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        scratch.deallocate()
    }

    func compress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        guard !finished else { throw .libraryFailure("compress called after finish") }
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        defer { stream.pointee.next_in = nil }
        repeat {
            try step(flush: Z_NO_FLUSH, into: &output)
        } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
    }

    func finish(into output: inout [UInt8]) throws(CompressionError) {
        guard !finished else { throw .libraryFailure("finish called twice") }
        finished = true
        while try step(flush: Z_FINISH, into: &output) != Z_STREAM_END {}
    }

    @discardableResult
    private func step(flush: Int32, into output: inout [UInt8]) throws(CompressionError) -> Int32 {
        stream.pointee.next_out = scratch
        stream.pointee.avail_out = UInt32(zlibStepBytes)
        let status = deflate(stream, flush)
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw ZlibStatus.error(status, stream: stream)
        }
        let produced = zlibStepBytes - Int(stream.pointee.avail_out)
        output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
        return status
    }
}
