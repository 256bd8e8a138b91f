/// Bytes held in memory, read from the front in pieces.
///
/// Exists because every reader over bytes in memory (an attachment held by an import, a tar read
/// whole, the test doubles of streams and stores) has to hand its bytes out a buffer at a time;
/// each wraps one of these instead of keeping its own position.
public struct ByteCursor: Sendable {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies the next bytes, at most `limit` and no more than `buffer` holds, into `buffer`;
    /// returns how many (0 once every byte was read).
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer, limit: Int = .max) -> Int {
        let count = min(buffer.count, limit, bytes.count - position)
        guard count > 0, let destination = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
        position += count
        return count
    }
}
