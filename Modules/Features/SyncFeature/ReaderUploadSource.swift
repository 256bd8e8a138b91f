import StandardInterfaces
import Synchronization
import SyncTransportInterface

/// An attachment file of this device as an upload's source: read a piece at a time as the
/// request goes, and skipped forward to where the server's copy ends.
final class ReaderUploadSource: AttachmentUploadSource {
    private let state: Mutex<(reader: any AttachmentReading, position: Int64)>

    init(_ reader: sending any AttachmentReading) { state = Mutex((reader, 0)) }

    /// How many bytes were read so far.
    var position: Int64 { state.withLock { $0.position } }

    func next(upTo count: Int) throws -> [UInt8] {
        try state.withLock { state in
            let bytes = try Self.read(from: state.reader, upTo: count)
            state.position += Int64(bytes.count)
            return bytes
        }
    }

    /// Reads on to `offset`; `false` if the file ends before it.
    func skip(to offset: Int64) throws -> Bool {
        while position < offset {
            if try next(upTo: Int(min(Int64(1 << 20), offset - position))).isEmpty { return false }
        }
        return true
    }

    /// Up to `count` bytes, fewer only at the end of the file.
    static func read(from reader: any AttachmentReading, upTo count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = try bytes.withUnsafeMutableBytes { buffer in
                try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            if read == 0 { break }
            filled += read
        }
        if filled < count { bytes.removeSubrange(filled...) }
        return bytes
    }
}
