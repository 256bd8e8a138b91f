import ByteStreamInterface
import CompressionInterface

/// Compresses tar bytes and writes them to a sink, in one stream or in parallel blocks.
///
/// Exists so that the exporter produces tar bytes without caring how they are compressed;
/// memory stays bounded by the block size times the number of blocks in flight.
final class CompressedOutput {
    private let sink: any ByteSink
    private let compression: any Compressing
    private let level: CompressionLevel
    private let mode: ExportOptions.Mode
    private var pending: [UInt8] = []
    private var compressed: [UInt8] = []
    private var single: (any Compressor)?
    private var inFlight: [Task<[UInt8], any Error>] = []
    private(set) var compressedBytes: Int64 = 0

    private static let singleStreamChunk = 256 * 1024

    init(sink: any ByteSink, compression: any Compressing, level: CompressionLevel, mode: ExportOptions.Mode) throws {
        self.sink = sink
        self.compression = compression
        self.level = level
        self.mode = mode
        if case .singleStream = mode { single = try compression.makeCompressor(level: level) }
    }

    /// Tar bytes are appended here by the exporter; call `flushIfFull` after appending.
    func append(_ bytes: some Collection<UInt8>) {
        pending.append(contentsOf: bytes)
    }

    /// Compresses and writes what is pending once there is enough of it, then waits until the
    /// sink has room (a client taking a streamed export).
    func flushIfFull() async throws {
        switch mode {
        case .singleStream:
            if pending.count >= Self.singleStreamChunk { try compressPendingInline() }
        case .parallel(let blockBytes, let maximumInFlight):
            while pending.count >= blockBytes {
                try await submit(Array(pending.prefix(blockBytes)), maximumInFlight: maximumInFlight)
                pending.removeFirst(blockBytes)
            }
        }
        await sink.waitForRoom()
    }

    func finish() async throws {
        switch mode {
        case .singleStream:
            try compressPendingInline()
            guard let single else { return }
            try single.finish(into: &compressed)
            try write(&compressed)
        case .parallel:
            if !pending.isEmpty {
                try await submit(pending, maximumInFlight: 1)
                pending = []
            }
            while !inFlight.isEmpty { try await writeOldest() }
        }
        try sink.close()
    }

    /// Cancels work in flight and discards the partial output.
    func abandon() {
        for task in inFlight { task.cancel() }
        inFlight = []
        sink.abandon()
    }

    private func compressPendingInline() throws {
        guard let single else { return }
        try single.compress(pending, into: &compressed)
        pending.removeAll(keepingCapacity: true)
        if compressed.count >= Self.singleStreamChunk { try write(&compressed) }
    }

    private func submit(_ block: [UInt8], maximumInFlight: Int) async throws {
        while inFlight.count >= max(1, maximumInFlight) { try await writeOldest() }
        let compression = compression
        let level = level
        // Detached, so that a block never inherits the caller's actor and waits for it.
        inFlight.append(Task.detached {
            try Task.checkCancellation()
            return try compression.makeCompressor(level: level).compressAll(block)
        })
    }

    private func writeOldest() async throws {
        var member = try await inFlight.removeFirst().value
        try write(&member)
    }

    private func write(_ bytes: inout [UInt8]) throws {
        try sink.write(bytes)
        compressedBytes += Int64(bytes.count)
        bytes.removeAll(keepingCapacity: true)
    }
}
