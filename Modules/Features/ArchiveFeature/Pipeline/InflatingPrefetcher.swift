import ByteStreamInterface
import CompressionInterface
import Dispatch
import Synchronization

/// Reads and decompresses an archive a few blocks ahead of its reader, on a thread of its own.
///
/// Exists because decompressing is a third of the work of reading an archive, and the rest
/// (tar, UTF-8, front matter, checksums) cannot start on a byte before it is decompressed:
/// done in line, the two add up; done here, they overlap, as `gzip -d | tar -x` overlaps.
/// At most `depth` blocks of `blockBytes` wait, so memory stays flat whatever the archive.
/// The thread runs at background quality of service, like the rest of the reading side
/// (`ArchiveThreads` says why).
///
/// It owns its source and decompressor from `init` on (`@unchecked Sendable`: only the
/// producing thread touches them), hands out what they produce in order, and reports a failure
/// exactly where it happened: the bytes of a decompression step that failed are dropped.
final class InflatingPrefetcher: @unchecked Sendable {
    enum Block {
        case bytes([UInt8])
        case end
        case streamFailure(ByteStreamError)
        case compressionFailure(CompressionError)
    }

    private let source: any ByteSource
    private let decompressor: any Decompressor
    private let blockBytes: Int
    private let queue = Mutex(Queue())
    private let filled = DispatchSemaphore(value: 0)
    private let free: DispatchSemaphore

    private struct Queue {
        var blocks: [Block] = []
        var cancelled = false
    }

    /// Blocks stay below glibc's mmap threshold (fixed at 256 KiB when `quill` starts), so each
    /// one is heap memory used again, not a fresh mapping that faults in page by page.
    init(source: any ByteSource, decompressor: any Decompressor, blockBytes: Int = 64 * 1024, depth: Int = 8) {
        self.source = source
        self.decompressor = decompressor
        self.blockBytes = blockBytes
        // Starts at zero and is raised: libdispatch traps if a semaphore is released below the
        // value it was created with, which a reader that stops early would leave behind.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<depth { free.signal() }
        ArchiveThreads.inflating().async { [self] in produce() }
    }

    /// The next block, waiting for it if needed. After `.end` or a failure, call no more.
    func next() -> Block {
        filled.wait()
        let block = queue.withLock { $0.blocks.removeFirst() }
        free.signal()
        return block
    }

    /// Stops reading ahead: for a reader that gives up before the end. Blocks not yet taken
    /// are dropped.
    func cancel() {
        queue.withLock { $0.cancelled = true }
        free.signal()
    }

    private func produce() {
        var input = [UInt8](repeating: 0, count: 16 * 1024)
        var output: [UInt8] = []
        output.reserveCapacity(blockBytes * 3)
        while true {
            let read = input.withUnsafeMutableBytes { bytes in
                Result { () throws(ByteStreamError) in try source.read(into: bytes) }
            }
            let count: Int
            switch read {
            case .failure(let error):
                return finish(output, with: .streamFailure(error))
            case .success(let value):
                count = value
            }
            if count == 0 {
                do { try decompressor.finish() } catch { return finish(output, with: .compressionFailure(error)) }
                return finish(output, with: .end)
            }
            let before = output.count
            let step = input.withUnsafeBytes { bytes in
                Result { () throws(CompressionError) in
                    try decompressor.decompress(UnsafeRawBufferPointer(rebasing: bytes.prefix(count)), into: &output)
                }
            }
            if case .failure(let error) = step {
                output.removeSubrange(before...)
                return finish(output, with: .compressionFailure(error))
            }
            if output.count >= blockBytes {
                guard hand(.bytes(output)) else { return }
                output = []
                output.reserveCapacity(blockBytes * 3)
            }
        }
    }

    /// Hands on the bytes produced so far, then the last block.
    private func finish(_ output: [UInt8], with last: Block) {
        if !output.isEmpty, !hand(.bytes(output)) { return }
        _ = hand(last)
    }

    /// Waits for room, then queues `block`; `false` once the reader has cancelled.
    private func hand(_ block: Block) -> Bool {
        free.wait()
        let queued = queue.withLock { queue in
            guard !queue.cancelled else { return false }
            queue.blocks.append(block)
            return true
        }
        if queued { filled.signal() }
        return queued
    }
}
