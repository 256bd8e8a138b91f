/// Constants and field helpers of the POSIX ustar format shared by the writer and the reader.
enum TarFormat {
    static let blockSize = 512
    /// GNU tar pads archives to whole records of 20 blocks; doing the same keeps every tool happy.
    static let recordSize = 20 * blockSize

    enum Field {
        static let name = 0..<100
        static let mode = 100..<108
        static let uid = 108..<116
        static let gid = 116..<124
        static let size = 124..<136
        static let mtime = 136..<148
        static let checksum = 148..<156
        static let typeflag = 156
        static let linkname = 157..<257
        static let magic = 257..<263
        static let version = 263..<265
        static let uname = 265..<297
        static let gname = 297..<329
        static let prefix = 345..<500
    }

    static func padding(for size: Int64) -> Int {
        let remainder = Int(size % Int64(blockSize))
        return remainder == 0 ? 0 : blockSize - remainder
    }

    /// The header checksum: the sum of all bytes with the checksum field read as spaces.
    static func checksum(of header: UnsafeRawBufferPointer) -> (unsigned: Int, signed: Int) {
        var unsigned = 0
        var signed = 0
        for index in 0..<blockSize {
            let byte = Field.checksum.contains(index) ? UInt8(ascii: " ") : header[index]
            unsigned += Int(byte)
            signed += Int(Int8(bitPattern: byte))
        }
        return (unsigned, signed)
    }
}
