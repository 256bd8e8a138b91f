import CompressionInterface
import CZlib

/// Reads gzip with `inflate`, including several members one after another (as written by
/// parallel compressors such as pigz, or by Quill's parallel export).
final class ZlibGzipDecompressor: Decompressor {
    private let stream: UnsafeMutablePointer<z_stream>
    private let scratch: UnsafeMutablePointer<UInt8>
    private let limits: DecompressionLimits
    private var totalIn: Int64 = 0
    private var totalOut: Int64 = 0
    private var completedMembers = 0
    /// Whether bytes of a member have been fed and its end not yet reached.
    private var insideMember = false

    init(limits: DecompressionLimits) throws(CompressionError) {
        self.limits = limits
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        scratch = .allocate(capacity: zlibStepBytes)
        let status = quill_inflateInit2(stream, gzipWindowBits)
        guard status == Z_OK else {
            stream.deallocate()
            scratch.deallocate()
            throw ZlibStatus.error(status, stream: nil)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        scratch.deallocate()
    }

    func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        defer { stream.pointee.next_in = nil }
        while stream.pointee.avail_in > 0 {
            if !insideMember {
                if completedMembers > 0 { inflateReset(stream) }
                insideMember = true
            }
            let inBefore = stream.pointee.avail_in
            stream.pointee.next_out = scratch
            stream.pointee.avail_out = UInt32(zlibStepBytes)
            let status = inflate(stream, Z_NO_FLUSH)
            let produced = zlibStepBytes - Int(stream.pointee.avail_out)
            totalIn += Int64(inBefore - stream.pointee.avail_in)
            totalOut += Int64(produced)
            try limits.check(output: totalOut, input: totalIn)
            output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
            switch status {
            case Z_STREAM_END:
                insideMember = false
                completedMembers += 1
            case Z_OK:
                continue
            case Z_BUF_ERROR where produced == 0 && inBefore == stream.pointee.avail_in:
                return
            case Z_DATA_ERROR where completedMembers > 0 && isHeaderError:
                throw .corrupt("unexpected data after the end of the gzip stream")
            case Z_DATA_ERROR where completedMembers == 0 && isHeaderError:
                throw .notGzip
            default:
                throw ZlibStatus.error(status, stream: stream)
            }
        }
        // All input consumed; drain output zlib may still hold for this input.
        while insideMember {
            stream.pointee.next_out = scratch
            stream.pointee.avail_out = UInt32(zlibStepBytes)
            let status = inflate(stream, Z_NO_FLUSH)
            let produced = zlibStepBytes - Int(stream.pointee.avail_out)
            totalOut += Int64(produced)
            try limits.check(output: totalOut, input: totalIn)
            output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
            if status == Z_STREAM_END {
                insideMember = false
                completedMembers += 1
            } else if status == Z_BUF_ERROR || produced == 0 {
                return
            } else if status != Z_OK {
                throw ZlibStatus.error(status, stream: stream)
            }
        }
    }

    func finish() throws(CompressionError) {
        if totalIn == 0 { throw .notGzip }
        if insideMember { throw .truncated }
    }

    private var isHeaderError: Bool {
        let message = ZlibStatus.message(of: stream) ?? ""
        return message == "incorrect header check" || message == "unknown compression method"
    }
}
