import ByteStreamInterface
import FileSystemInterface

/// A file read as a byte stream through `FileAccessing`, 256 KiB at a time: an Evernote export
/// in a folder of them is streamed like one given by name, never read whole.
final class FileRangeSource: ByteSource {
    private let files: any FileAccessing
    private let path: String
    private var offset: Int64 = 0

    init(files: any FileAccessing, path: String) {
        self.files = files
        self.path = path
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteStreamError) -> Int {
        let data: [UInt8]
        do { data = [UInt8](try files.read(path, offset: offset, count: min(buffer.count, 256 << 10))) } catch {
            throw .readFailed("\(path): \(error)")
        }
        data.withUnsafeBytes { buffer.copyMemory(from: $0) }
        offset += Int64(data.count)
        return data.count
    }
}
