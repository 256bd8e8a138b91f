import ByteStreamInterface
import CompressionInterface

/// Pulls decompressed bytes out of a compressed byte source, a little at a time.
///
/// Exists so that the tar reader can ask for "the next 512 bytes" while memory holds only
/// one entry and a few decompressed blocks (see `InflatingPrefetcher`), whatever the
/// archive's size.
final class DecompressingReader {
    private let prefetcher: InflatingPrefetcher
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    /// Decompressed bytes handed out so far: the offset of the next byte in the tar stream.
    private(set) var offset: Int64 = 0
    /// The tar entry being read, so that a gzip error can name it.
    var currentEntry: String?

    init(source: any ByteSource, decompressor: any Decompressor) {
        prefetcher = InflatingPrefetcher(source: source, decompressor: decompressor)
    }

    deinit {
        if !ended { prefetcher.cancel() }
    }

    /// Exactly `count` bytes, or `nil` if the stream ends first.
    func read(_ count: Int) throws(ArchiveError) -> ArraySlice<UInt8>? {
        guard try fill(count) else { return nil }
        let bytes = buffer[position..<(position + count)]
        position += count
        offset += Int64(count)
        return bytes
    }

    /// Skips `count` bytes without keeping them; returns false if the stream ends first.
    func skip(_ count: Int64) throws(ArchiveError) -> Bool {
        var remaining = count
        while remaining > 0 {
            let step = Int(min(remaining, 256 * 1024))
            guard try read(step) != nil else { return false }
            remaining -= Int64(step)
        }
        return true
    }

    /// Reads to the end, checking that only zero bytes (tar record padding) remain.
    func drainZeros() throws(ArchiveError) -> Bool {
        while true {
            let available = buffer.count - position
            if available == 0 {
                guard try fill(1) else { return true }
                continue
            }
            guard buffer[position...].allSatisfy({ $0 == 0 }) else { return false }
            offset += Int64(available)
            position = buffer.count
        }
    }

    private func fill(_ count: Int) throws(ArchiveError) -> Bool {
        guard buffer.count - position < count else { return true }
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        while buffer.count < count {
            guard !ended else { return false }
            switch prefetcher.next() {
            case .bytes(let bytes):
                buffer.append(contentsOf: bytes)
            case .end:
                ended = true
            case .streamFailure(let error):
                ended = true
                throw .stream(error)
            case .compressionFailure(let error):
                ended = true
                throw .compression(error, entry: currentEntry)
            }
        }
        return true
    }
}
