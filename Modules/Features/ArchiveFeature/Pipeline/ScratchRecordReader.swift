import ByteStreamInterface

/// Reads back what was spilled to a scratch file, a given number of bytes at a time, through a
/// small buffer: the records of `SpilledEntries` and `DeferredNotes`, and the files
/// `SpooledVaultFiles` keeps aside.
struct ScratchRecordReader {
    private let source: any ByteSource
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    private var start = 0
    private var end = 0

    init(source: any ByteSource) {
        self.source = source
    }

    /// The next `count` bytes; `nil` if the file ends before them.
    mutating func take(_ count: Int) throws -> [UInt8]? {
        var taken: [UInt8] = []
        taken.reserveCapacity(count)
        while taken.count < count {
            if start == end {
                start = 0
                end = try buffer.withUnsafeMutableBytes { bytes throws(ByteStreamError) in try source.read(into: bytes) }
                if end == 0 { return nil }
            }
            let step = min(count - taken.count, end - start)
            taken.append(contentsOf: buffer[start..<(start + step)])
            start += step
        }
        return taken
    }
}
